import { DeadlineExceededError, UnavailableError } from '@modelgate/runtime';
import type { UpstreamClient } from '../pipeline/upstream-client';

/** Time a task submission may take upstream (the reference's 60 s). */
export const TASK_SUBMIT_TIMEOUT_MS = 60_000;
/** Largest upstream JSON answer read (task answers are small). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** An upstream answer: its status and its body parsed as JSON (undefined when it is not JSON). */
export interface TaskUpstreamAnswer {
  readonly status: number;
  readonly json: unknown;
}

/**
 * Calls a task upstream through the relay's upstream client (pooled, under the outbound address
 * policy) and reads its JSON answer. A transport failure or timeout is a 503/504 of the gateway.
 */
export async function callTaskUpstream(
  upstream: UpstreamClient,
  request: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  timeoutMs = TASK_SUBMIT_TIMEOUT_MS,
): Promise<TaskUpstreamAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response;
  try {
    response =
      request.method === 'GET'
        ? await upstream.get(request.url, request.headers, signal)
        : await upstream.send(
            {
              url: request.url,
              headers: { 'content-type': 'application/json', ...request.headers },
              body: Buffer.from(JSON.stringify(request.body ?? {})),
              method: 'POST',
              bodyRewritten: true,
              streamUsageRequested: false,
              clientRequestedUsage: false,
            },
            signal,
          );
  } catch (error) {
    if (signal.aborted) throw new DeadlineExceededError('the task upstream did not answer in time', { code: 'upstream_timeout', cause: error });
    throw new UnavailableError('the task upstream could not be reached', { code: 'upstream_unavailable', cause: error });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_ANSWER_BYTES) {
        response.body.destroy();
        throw new UnavailableError('the task upstream answered too much', { code: 'upstream_answer_too_large' });
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof UnavailableError) throw error;
    throw new UnavailableError('the task upstream broke off its answer', { code: 'upstream_unavailable', cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json };
}
