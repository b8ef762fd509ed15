// Shared pieces of the whole-stack tests that drive the relay with the official Anthropic SDK
// (`anthropic-sdk-*.test.ts`): the client, event collection and the "nothing was charged" check.
import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import { eventually } from '../support/relay-fixtures';
import type { ConsumeLog, RelayStack } from '../support/relay-stack';

export type User = { userId: number; apiKey: string };

/** A request the SDK sent, as it left the client. */
export interface SentRequest {
  readonly url: string;
  readonly headers: Headers;
}

/**
 * The official SDK against the stack (no retries, so every error surfaces). With `sent`, every
 * request's URL and headers are recorded there as the SDK sent them.
 */
export function anthropicClient(
  stack: RelayStack,
  apiKey: string,
  options: Partial<NonNullable<ConstructorParameters<typeof Anthropic>[0]>> = {},
  sent?: SentRequest[],
) {
  const recording: typeof fetch = (input, init) => {
    sent!.push({ url: String(input instanceof Request ? input.url : input), headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  return new Anthropic({ baseURL: stack.url, apiKey, maxRetries: 0, ...(sent ? { fetch: recording } : {}), ...options });
}

/** Every event of a raw SDK stream (`messages.create({stream: true})`), in order. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The `type` of each event, with the delta type for deltas (`content_block_delta:text_delta`). */
export function eventShape(events: ReadonlyArray<{ type: string; delta?: unknown }>): string[] {
  return events.map((event) =>
    event.type === 'content_block_delta' ? `${event.type}:${(event.delta as { type: string }).type}` : event.type,
  );
}

/** What a rejected promise was rejected with (fails the test when it resolves). */
export async function failure(promise: PromiseLike<unknown>): Promise<APIError> {
  return Promise.resolve(promise).then(
    () => {
      throw new Error('the request succeeded');
    },
    (error: unknown) => error as APIError,
  );
}

/** A fetch of `path` on the stack with the Anthropic headers and an `x-api-key`. */
export function rawPost(stack: RelayStack, path: string, apiKey: string, body: string, extra: Record<string, string> = {}) {
  return fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...extra },
    body,
  });
}

/**
 * Proves a user was charged nothing for what it did so far: no quota used, no request counted,
 * nothing lost (quota + open reservations is the initial quota, once the release of a lease the
 * relay replaced has landed); then, after one more request that succeeds (`sentinel`), exactly
 * one consume log — the sentinel's — since a refused request would have published its record
 * first. Waits on the sentinel's log and on the balances, never on a fixed timer.
 */
export async function expectNothingCharged(
  stack: RelayStack,
  user: User,
  initialQuota: number,
  sentinel: () => Promise<string | null>,
): Promise<ConsumeLog> {
  // A quota lease the relay replaced is released in the background: wait for it to land.
  const whole = async (used: number) => {
    const b = await stack.balances(user.userId);
    return b.usedQuota === used && b.quota + b.reserved + b.usedQuota === initialQuota;
  };
  await eventually(() => whole(0), 3_000);
  const before = await stack.balances(user.userId);
  expect({ used: before.usedQuota, count: before.requestCount, total: before.quota + before.reserved }).toEqual({
    used: 0,
    count: 0,
    total: initialQuota,
  });
  const requestId = await sentinel();
  const logs = await stack.waitForLogs(user.userId, 1);
  expect(logs.map((log) => log.requestId)).toEqual([requestId]);
  await eventually(() => whole(logs[0]!.quota), 3_000);
  const after = await stack.balances(user.userId);
  expect({ used: after.usedQuota, count: after.requestCount, total: after.quota + after.reserved + after.usedQuota }).toEqual({
    used: logs[0]!.quota,
    count: 1,
    total: initialQuota,
  });
  return logs[0]!;
}

/** A one-line user turn. */
export const HELLO: Anthropic.MessageParam[] = [{ role: 'user', content: 'Say hello.' }];

/** A 1×1 transparent PNG, base64. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The default answer of the fake upstream and the pieces it streams it in. */
export const DEFAULT_TEXT = 'Hello from the fake upstream.';
export const DEFAULT_PIECES = ['Hello', ' from', ' the', ' fake', ' upstream', '.'];
