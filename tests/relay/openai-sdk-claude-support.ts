// Shared pieces of the whole-stack tests that drive Claude upstreams (Anthropic's API, type 14,
// and Claude on AWS Bedrock, type 33) with the official OpenAI SDK: the two upstreams described
// side by side, exact quota arithmetic, chunk collection and the "nothing was charged" check.
import type { FakeRequest } from '@modelgate/fake-upstream';
import type { APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { eventually } from '../support/relay-fixtures';
import type { ConsumeLog, RelayStack } from '../support/relay-stack';

export type User = { userId: number; apiKey: string };

/** What differs between the two Claude upstreams, as the tests see them. */
export interface ClaudeUpstream {
  readonly label: string;
  readonly type: 14 | 33;
  /** The channel key. */
  readonly key: string;
  /** What the fake records as `apiKey`: the key itself, or the AWS access key id. */
  readonly recordedKey: string;
  /** The fake's path of a call for the upstream model id. */
  path(modelId: string, stream: boolean): string;
  /**
   * The body the upstream must receive for a Messages body written as Anthropic's API takes it
   * (with `model`, and `stream` when streaming): Bedrock's has neither and names its version.
   */
  wire(messagesBody: Record<string, unknown>): Record<string, unknown>;
  /** The upstream's own message of the error the fake answers a bare status with. */
  errorMessage(status: number, modelId: string): string;
  /** The error type the upstream's error carries (what the OpenAI error's `type` keeps). */
  errorType(status: number): string;
  /** The message of the fake's default mid-stream error. */
  readonly streamErrorMessage: string;
}

export const ANTHROPIC_UPSTREAM: ClaudeUpstream = {
  label: 'Claude (type 14)',
  type: 14,
  key: 'sk-ant-1',
  recordedKey: 'sk-ant-1',
  path: () => '/v1/messages',
  wire: (body) => body,
  errorMessage: (status, modelId) =>
    ({
      401: 'invalid x-api-key',
      403: 'Your API key does not have permission to use the specified resource.',
      404: `model: ${modelId}`,
      429:
        'This request would exceed the rate limit for your organization of 50 requests per minute. ' +
        'For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers ' +
        'for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.',
      500: 'Internal server error',
      529: 'Overloaded',
    })[status]!,
  errorType: (status) =>
    ({
      401: 'authentication_error',
      403: 'permission_error',
      404: 'not_found_error',
      429: 'rate_limit_error',
      500: 'api_error',
      529: 'overloaded_error',
    })[status]!,
  streamErrorMessage: 'Overloaded',
};

export const AWS_KEY_ID = 'AKIAFAKEFAKEFAKE';

export const BEDROCK_UPSTREAM: ClaudeUpstream = {
  label: 'Claude on Bedrock (type 33)',
  type: 33,
  key: `${AWS_KEY_ID}|fake-secret-key|us-east-1`,
  recordedKey: AWS_KEY_ID,
  path: (modelId, stream) => `/model/${encodeURIComponent(modelId)}/${stream ? 'invoke-with-response-stream' : 'invoke'}`,
  wire: ({ model: _model, stream: _stream, ...body }) => ({ ...body, anthropic_version: 'bedrock-2023-05-31' }),
  // Bedrock's exception name goes in front of its message.
  errorMessage: (status) =>
    ({
      401: 'UnrecognizedClientException: The security token included in the request is invalid.',
      403: "AccessDeniedException: You don't have access to the model with the specified model ID.",
      404: 'ResourceNotFoundException: Could not resolve the foundation model from the provided model identifier.',
      429: 'ThrottlingException: Too many requests, please wait before trying again.',
      500: 'InternalServerException: The system encountered an unexpected error during processing. Try your request again.',
      529: 'InternalServerException: The system encountered an unexpected error during processing. Try your request again.',
    })[status]!,
  errorType: (status) =>
    ({
      401: 'authentication_error',
      403: 'permission_error',
      404: 'not_found_error',
      429: 'rate_limit_error',
      500: 'api_error',
      529: 'api_error',
    })[status]!,
  streamErrorMessage: 'ThrottlingException: Too many requests, please wait before trying again.',
};

/**
 * The prices every Claude-upstream file sets: a neutral model name (no locked completion ratio),
 * ModelRatio 2, CompletionRatio 3, CacheRatio 0.1, billed in group `vip` at GroupRatio 1.5.
 */
export const MODEL = 'sonnet-test';
export const PRICES = {
  modelRatio: 2,
  completionRatio: 3,
  cacheRatio: 0.1,
  groupRatio: 1.5,
} as const;

/** Token counts as a Claude upstream reports them (input excludes cache reads and writes). */
export interface ClaudeTokens {
  input: number;
  output: number;
  cacheRead?: number;
  write5m?: number;
  write1h?: number;
}

/**
 * Claude's settlement, computed exactly in thousandths:
 * `trunc((input + read × CacheRatio + w5m × 1.25 + w1h × 2 + output × CompletionRatio) × ModelRatio × GroupRatio)`,
 * at least 1. Ratios must be multiples of 0.001 (and ModelRatio × GroupRatio of 0.001).
 */
export function claudeQuota(tokens: ClaudeTokens, prices: { modelRatio: number; completionRatio: number; cacheRatio: number; groupRatio: number } = PRICES): number {
  const milli = (ratio: number) => Math.round(ratio * 1000);
  const weighted =
    tokens.input * 1000 +
    (tokens.cacheRead ?? 0) * milli(prices.cacheRatio) +
    (tokens.write5m ?? 0) * 1250 +
    (tokens.write1h ?? 0) * 2000 +
    tokens.output * milli(prices.completionRatio);
  const scale = milli(prices.modelRatio * prices.groupRatio); // thousandths
  return Math.max(1, Math.floor((weighted * scale) / 1_000_000));
}

/** Every chunk an SDK stream yields, in order. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const chunks: T[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** What a promise was rejected with (fails the test when it resolves). */
export async function failure(promise: PromiseLike<unknown>): Promise<APIError> {
  return Promise.resolve(promise).then(
    () => {
      throw new Error('the request succeeded');
    },
    (error: unknown) => error as APIError,
  );
}

/** The upstream calls the fake recorded on a path (Claude's or Bedrock's). */
export function callsTo(stack: RelayStack, path: string): FakeRequest[] {
  return stack.fake.requests.filter((request) => request.path === path);
}

/**
 * Proves a user was charged nothing so far: no quota used, no request counted, nothing held or
 * lost; then, after one more request that succeeds (`sentinel`, returning its `x-request-id`),
 * exactly that one consume log exists — a refused request would have published its record first.
 * Waits on the sentinel's log, never on a timer.
 */
export async function expectNothingCharged(
  stack: RelayStack,
  user: User,
  initialQuota: number,
  sentinel: () => Promise<string | null>,
): Promise<ConsumeLog> {
  const before = await stack.balances(user.userId);
  expect({ used: before.usedQuota, count: before.requestCount, total: before.quota + before.reserved }).toEqual({
    used: 0,
    count: 0,
    total: initialQuota,
  });
  const requestId = await sentinel();
  const logs = await stack.waitForLogs(user.userId, 1);
  expect(logs.map((log) => log.requestId)).toEqual([requestId]);
  expect(await eventually(async () => (await stack.balances(user.userId)).usedQuota === logs[0]!.quota)).toBe(true);
  return logs[0]!;
}

/**
 * Waits until a user's balances show `quota` used over `count` requests, and checks that nothing
 * was lost: what is left, held (leases) and used adds up to the initial quota.
 */
export async function expectCharged(stack: RelayStack, userId: number, initialQuota: number, quota: number, count: number) {
  await eventually(async () => {
    const b = await stack.balances(userId);
    return b.usedQuota === quota && b.requestCount === count;
  });
  const b = await stack.balances(userId);
  expect({ used: b.usedQuota, count: b.requestCount, total: b.quota + b.reserved + b.usedQuota }).toEqual({
    used: quota,
    count,
    total: initialQuota,
  });
}

/** The `-thinking` twin of {@link MODEL}: the thinking adapter turns thinking on for it. */
export const THINKING_MODEL = `${MODEL}-thinking`;
/** A recorded upstream body, as JSON. */
export const body = (request: FakeRequest) => request.body as Record<string, any>;
export const HELLO: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Say hello.' }];
/** {@link HELLO} as Claude receives it. */
export const HELLO_WIRE = [{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }];
/** `claude.default_max_tokens` of every Claude-upstream file. */
export const DEFAULT_MAX_TOKENS = 1234;
/** `claude.thinking_adapter_budget_tokens_percentage` of every Claude-upstream file. */
export const THINKING_SHARE = 0.6;
