import { isAppError, PreconditionFailedError } from '@modelgate/runtime';
import type { UpstreamClient } from '../pipeline/upstream-client';
import { findChannelType, resolveChannelType, type ResolvedChannelType } from '../providers';
import { UpstreamError } from '../providers/upstream-error';
import { type AttemptFailure, mapModel, parseModelMapping, toAttemptFailure } from '../routing';
import type { ProbeChannel } from './probe-store';
import { buildTestRequest, pickTestModel, testEndpointFor } from './test-request';
import { probeFailure, probeSignal, readProbeBody } from './upstream-body';

/** Schemas whose channels serve tasks, not model requests: nothing to test. */
const TASK_SCHEMAS: ReadonlySet<string> = new Set(['midjourney-proxy', 'suno']);
/** Largest answer body read; a test answer is a few hundred bytes. */
const MAX_TEST_BODY_BYTES = 1024 * 1024;

/** What a test needs. */
export interface ChannelTestDeps {
  readonly upstream: Pick<UpstreamClient, 'send'>;
  /** The longest a test may take before it counts as an upstream timeout. */
  readonly timeoutMs: number;
  /** Monotonic clock in milliseconds; `performance.now` by default. */
  readonly clock?: () => number;
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
 * The adapter that tests a channel of this type, or a `PreconditionFailedError` saying why the
 * type cannot be tested: task channels (drawing, music) have no model request to make, and a
 * type whose wire schema has no adapter yet cannot be called at all.
 */
export function testableChannelType(typeId: number): ResolvedChannelType {
  const type = findChannelType(typeId);
  if (type && TASK_SCHEMAS.has(type.schema)) {
    throw new PreconditionFailedError(`channel type ${typeId} (${type.name}) serves tasks and cannot be tested`, {
      code: 'channel_test_not_supported',
    });
  }
  try {
    return resolveChannelType(typeId);
  } catch (error) {
    const name = type ? ` (${type.name})` : '';
    const reason = type ? 'no provider adapter speaks its API yet' : 'it is not a known channel type';
    throw new PreconditionFailedError(`channel type ${typeId}${name} cannot be tested: ${reason}`, {
      code: 'channel_test_not_supported',
      cause: error,
    });
  }
}

/** The message of a failed test: the provider's own words, after its status when it sent one. */
function failureMessage(error: unknown): string {
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
  const { type, adapter } = testableChannelType(channel.type);
  const clock = deps.clock ?? (() => performance.now());
  const model = pickTestModel(channel, requestedModel);
  // A vendor without chat (an embeddings-only one) is tested with embeddings instead.
  let endpoint = testEndpointFor(model, channel.type);
  if (!adapter.supports(type, endpoint) && adapter.supports(type, 'embeddings')) endpoint = 'embeddings';
  const test = buildTestRequest(model, endpoint);
  const upstreamModel = mapModel(parseModelMapping(channel.model_mapping).value, model).upstream;
  const probe = probeSignal(signal, deps.timeoutMs);
  const startedAt = clock();
  const elapsed = () => Math.max(0, Math.round(clock() - startedAt));
  try {
    const upstreamRequest = adapter.buildRequest(type, {
      channel,
      endpoint: test.endpoint,
      body: test.body,
      json: test.json,
      upstreamModel,
      stream: false,
      forceStreamUsage: false,
    });
    const response = await deps.upstream.send(upstreamRequest, probe.signal);
    const body = await readProbeBody(response, MAX_TEST_BODY_BYTES);
    if (response.statusCode < 200 || response.statusCode >= 300) throw adapter.mapError(response.statusCode, body);
    const summary = adapter.readResponse(body);
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
