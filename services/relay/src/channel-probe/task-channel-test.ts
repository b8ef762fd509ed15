import { findChannelType } from '@modelgate/channel-types';
import { isOutboundRefusal, OUTBOUND_REFUSED_MESSAGE } from '@modelgate/runtime/outbound';
import type { UpstreamClient } from '../pipeline/upstream-client';
import { UpstreamError } from '../protocols/upstream-error';
import { toAttemptFailure } from '../routing';
import type { ProbeChannel } from './probe-store';
import { probeFailure, probeSignal, readProbeBody } from './upstream-body';

/** The task schemas and the cheap call that proves a channel's address and key work. */
const TASK_TESTS: Readonly<Record<string, { path: string; headers: (key: string) => Record<string, string>; accepts: (json: unknown) => boolean }>> = {
  // An empty `list-by-condition`: authenticated, lists nothing, costs nothing.
  'midjourney-proxy': { path: '/mj/task/list-by-condition', headers: (key) => ({ 'mj-api-secret': key }), accepts: (json) => Array.isArray(json) },
  // An empty batch fetch.
  suno: {
    path: '/suno/fetch',
    headers: (key) => ({ authorization: `Bearer ${key}` }),
    accepts: (json) => (json as { code?: unknown } | null)?.code === 'success',
  },
};

/** Whether channels of a type serve tasks (drawing, music) and are tested by a task fetch. */
export function isTaskChannelType(typeId: number): boolean {
  const type = findChannelType(typeId);
  return type !== undefined && type.schema in TASK_TESTS;
}

/**
 * Tests a task channel (Midjourney-Proxy(-Plus), Suno) with a fetch of no tasks: the upstream
 * must answer 2xx in its API's shape with the channel's key. Submits nothing, so costs nothing.
 */
export async function testTaskChannel(
  deps: { upstream: Pick<UpstreamClient, 'send'>; timeoutMs: number; clock?: () => number },
  channel: ProbeChannel,
  model: string,
  signal: AbortSignal,
): Promise<{ success: boolean; message: string; model: string; elapsedMs: number; failure?: ReturnType<typeof toAttemptFailure> }> {
  const test = TASK_TESTS[findChannelType(channel.type)!.schema]!;
  const clock = deps.clock ?? (() => performance.now());
  const probe = probeSignal(signal, deps.timeoutMs);
  const startedAt = clock();
  const elapsed = () => Math.max(0, Math.round(clock() - startedAt));
  const baseUrl = (channel.base_url ?? '').replace(/\/+$/, '');
  const key = channel.key.split('\n')[0]!.trim();
  try {
    const response = await deps.upstream.send(
      {
        url: `${baseUrl}${test.path}`,
        headers: { 'content-type': 'application/json', ...test.headers(key) },
        body: Buffer.from(JSON.stringify({ ids: [] })),
        method: 'POST',
        bodyRewritten: true,
        streamUsageRequested: false,
        clientRequestedUsage: false,
      },
      probe.signal,
    );
    const body = await readProbeBody(response, 64 * 1024);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      json = undefined;
    }
    if (response.statusCode < 200 || response.statusCode >= 300 || !test.accepts(json)) {
      const said = (json as { description?: unknown; message?: unknown } | undefined) ?? {};
      const text = typeof said.description === 'string' ? said.description : typeof said.message === 'string' ? said.message : 'unexpected answer';
      throw new UpstreamError({ kind: 'upstream', status: response.statusCode, message: text });
    }
    return { success: true, message: '', model, elapsedMs: elapsed() };
  } catch (caught) {
    const error = probeFailure(caught, probe);
    if (signal.aborted) throw error;
    const message = isOutboundRefusal(error)
      ? OUTBOUND_REFUSED_MESSAGE
      : error instanceof UpstreamError && error.kind === 'upstream'
        ? `status code ${error.status}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    return { success: false, message, model, elapsedMs: elapsed(), failure: toAttemptFailure(error) };
  }
}
