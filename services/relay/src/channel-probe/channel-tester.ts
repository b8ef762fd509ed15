import { channelConnectionSettings, findChannelType } from '@modelgate/channel-types';
import { isAppError, PreconditionFailedError } from '@modelgate/runtime';
import { isOutboundRefusal, OUTBOUND_REFUSED_MESSAGE } from '@modelgate/runtime/outbound';
import { type ChannelRoute, channelRouteFor } from '../pipeline/channel-route';
import { upstreamRequestFor } from '../pipeline/upstream-call';
import type { UpstreamClient } from '../pipeline/upstream-client';
import { resolveChannelType } from '../providers';
import type { UpstreamSettings } from '../providers/types';
import { parseOpenAIRequest } from '../protocols/openai/inbound';
import type { RelayRequest } from '../protocols/request';
import { UpstreamError } from '../protocols/upstream-error';
import { type AttemptFailure, mapModel, parseModelMapping, toAttemptFailure } from '../routing';
import type { ProbeChannel } from './probe-store';
import { buildGeminiTestRequest, buildTestRequest, geminiTestOperation, pickTestModel, testEndpointFor } from './test-request';
import { isTaskChannelType, testTaskChannel } from './task-channel-test';
import { probeFailure, probeSignal, readProbeBody } from './upstream-body';

/** Largest answer body read; a test answer is a few hundred bytes. */
const MAX_TEST_BODY_BYTES = 1024 * 1024;

/** What a test needs. */
export interface ChannelTestDeps {
  readonly upstream: Pick<UpstreamClient, 'send'>;
  /** The longest a test may take before it counts as an upstream timeout. */
  readonly timeoutMs: number;
  /** Monotonic clock in milliseconds; `performance.now` by default. */
  readonly clock?: () => number;
  /** The vendor settings of the options (Claude's default max tokens, model headers). */
  readonly settings?: () => UpstreamSettings;
}

/** The result of one test. */
export interface TestOutcome {
  readonly success: boolean;
  /** Empty on success; the reason otherwise. */
  readonly message: string;
  /** The model requested (before the channel's model mapping). */
  readonly model: string;
  /** From sending the request to the end of the answer, in whole milliseconds. */
  readonly elapsedMs: number;
  /** How the test failed, for the auto-disable rules; undefined on success. */
  readonly failure?: AttemptFailure;
}

/**
 * Refuses a type that cannot be tested, before any call: a type the gateway cannot serve yet
 * cannot be called at all. Task channels (drawing, music) are tested by a task fetch.
 */
export function checkTestable(typeId: number): void {
  const type = findChannelType(typeId);
  if (isTaskChannelType(typeId)) return;
  try {
    resolveChannelType(typeId);
  } catch (error) {
    const name = type ? ` (${type.name})` : '';
    const reason = type ? 'the gateway cannot call its API yet' : 'it is not a known channel type';
    throw new PreconditionFailedError(`channel type ${typeId}${name} cannot be tested: ${reason}`, {
      code: 'channel_test_not_supported',
      cause: error,
    });
  }
}

/**
 * The test call for a channel type: the endpoint the model calls for (embeddings for embedding
 * models and embedding-only vendors, else chat), translated into the channel's protocol where it
 * speaks another; embeddings when the type offers nothing else. A channel no OpenAI call reaches
 * is tested in Gemini's own protocol when it speaks it.
 */
function testCall(typeId: number, model: string, upstreamModel: string): { request: RelayRequest; route: ChannelRoute } {
  checkTestable(typeId);
  const wanted = testEndpointFor(model, findChannelType(typeId)?.rules.testWithEmbeddings === true);
  for (const endpoint of [wanted, 'embeddings', 'chat/completions'] as const) {
    const route = channelRouteFor(typeId, 'openai', endpoint, upstreamModel);
    if (route?.upstreamOperation !== undefined) {
      const test = buildTestRequest(model, endpoint);
      return { request: parseOpenAIRequest(endpoint, Buffer.from(test.body), 'application/json'), route };
    }
  }
  const operation = geminiTestOperation(model);
  const native = channelRouteFor(typeId, 'gemini', operation, upstreamModel);
  if (native?.upstreamOperation !== undefined) return { request: buildGeminiTestRequest(model, operation), route: native };
  throw new PreconditionFailedError(`channel type ${typeId} offers nothing a test could ask for`, { code: 'channel_test_not_supported' });
}

/**
 * The message of a failed test: the provider's own words, after its status when it sent one. A
 * call that got no answer says so generically (the transport error's text), or that the outbound
 * address policy refused the address: never the network error, which would map internal ports.
 */
function failureMessage(error: unknown): string {
  if (isOutboundRefusal(error)) return OUTBOUND_REFUSED_MESSAGE;
  if (error instanceof UpstreamError && error.kind === 'upstream') return `status code ${error.status}: ${error.message}`;
  if (isAppError(error) || error instanceof Error) return error.message;
  return String(error);
}

/**
 * Tests one channel with a real request through its provider adapter: the model is the caller's,
 * else the channel's test model, else its first model, else the default; the channel's model
 * mapping applies. Succeeds when the upstream answers 2xx with a readable result. Throws only
 * when the type cannot be tested (before any call) or when `signal` aborts the test.
 */
export async function testChannel(
  deps: ChannelTestDeps,
  channel: ProbeChannel,
  requestedModel: string,
  signal: AbortSignal,
): Promise<TestOutcome> {
  const model = pickTestModel(channel, requestedModel);
  if (isTaskChannelType(channel.type)) return testTaskChannel(deps, channel, model, signal);
  const upstreamModel = mapModel(parseModelMapping(channel.model_mapping).value, model).upstream;
  const { request, route } = testCall(channel.type, model, upstreamModel);
  const clock = deps.clock ?? (() => performance.now());
  const probe = probeSignal(signal, deps.timeoutMs);
  const startedAt = clock();
  const elapsed = () => Math.max(0, Math.round(clock() - startedAt));
  try {
    const { upstreamRequest } = await upstreamRequestFor(route, request, {
      channel,
      upstreamModel,
      settings: deps.settings?.(),
      forceStreamUsage: false,
    });
    const response = await deps.upstream.send(upstreamRequest, probe.signal, { id: channel.id, connection: channelConnectionSettings(channel.setting) });
    const body = await readProbeBody(response, MAX_TEST_BODY_BYTES);
    if (response.statusCode < 200 || response.statusCode >= 300) throw route.adapter.mapError(response.statusCode, body, response.headers);
    const summary = route.adapter.readResponse(body);
    if (summary.error) throw summary.error;
    if (!isJsonObject(body)) {
      const message = 'the upstream answered with an unreadable body';
      throw new UpstreamError({ kind: 'upstream', status: response.statusCode, message });
    }
    return { success: true, message: '', model, elapsedMs: elapsed() };
  } catch (caught) {
    const error = probeFailure(caught, probe);
    if (signal.aborted) throw error;
    return { success: false, message: failureMessage(error), model, elapsedMs: elapsed(), failure: toAttemptFailure(error) };
  }
}

function isJsonObject(body: Buffer): boolean {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
