import { AppError, GrpcCode } from '@modelgate/runtime';

/** Which limit refused a request; its name is also in the error's `details.limit`. */
export type TrafficLimitName =
  | 'ModelRequestRateLimitCount'
  | 'ModelRequestRateLimitSuccessCount'
  | 'token_rpm'
  | 'token_tpm'
  | 'channel_caps';

/**
 * A request refused by a traffic limit (docs/adr/0025): 429 in the client's protocol, with a
 * message naming the limit and a `Retry-After` of the seconds until it has room again.
 */
export class TrafficLimitError extends AppError {
  constructor(
    readonly limit: TrafficLimitName,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limit_exceeded', message, 429, GrpcCode.RESOURCE_EXHAUSTED, { details: { limit, retry_after_seconds: retryAfterSeconds } });
  }
}

/** Whose limit refused a request: the caller's (user or token) or the channel's (the metrics' scope). */
export function limitScopeOf(limit: TrafficLimitName): 'user' | 'token' | 'channel' {
  if (limit.startsWith('token_')) return 'token';
  if (limit.startsWith('channel_')) return 'channel';
  return 'user';
}

/** The refusal messages, in the reference's words where it has some, with ours in English. */
export const LimitMessages = {
  userTotal: (count: number, minutes: number) =>
    `您已达到总请求数限制：${minutes}分钟内最多请求${count}次，包括失败次数，请检查您的请求是否正确（rate limit reached: at most ${count} requests per ${minutes} minute(s), failed ones included）`,
  userSuccess: (count: number, minutes: number) =>
    `您已达到请求数限制：${minutes}分钟内最多请求${count}次（rate limit reached: at most ${count} successful requests per ${minutes} minute(s)）`,
  tokenRpm: (count: number) => `token rate limit reached: at most ${count} requests per minute for this token`,
  tokenTpm: (count: number) => `token rate limit reached: at most ${count} tokens per minute for this token`,
  channelCaps: (model: string) =>
    `every channel serving model ${model} is at its request, token or concurrency cap; retry later`,
  queueFull: (model: string) => `every channel serving model ${model} is at its concurrency cap and its queue is full; retry later`,
  rateQueueFull: (model: string) =>
    `every channel serving model ${model} is at its requests or tokens per minute cap and its queue is full; retry later`,
  rateQueueTimeout: (model: string, seconds: number) =>
    `every channel serving model ${model} stayed at its requests or tokens per minute cap for ${seconds} s of waiting; retry later`,
  queueTimeout: (model: string, seconds: number) =>
    `every channel serving model ${model} stayed at its concurrency cap for ${seconds} s of waiting; retry later`,
} as const;

/** Seconds a client refused by a full or timed-out channel queue is told to wait. */
export const QUEUE_RETRY_AFTER_SECONDS = 1;
