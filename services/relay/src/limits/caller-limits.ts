import type { CredentialToken } from '../auth';
import { LimitMessages, TrafficLimitError } from './limit-errors';
import type { SharedWindowLimiter, WindowTicket } from './shared-window-limiter';

/** The spec's model request rate limit (`ModelRequestRateLimit*` options). */
export interface ModelRequestRateLimit {
  readonly enabled: boolean;
  /** All requests per window, failed ones included; 0 for no cap. */
  readonly count: number;
  /** Successful (< 400) requests per window; 0 for no cap. */
  readonly successCount: number;
  /** The window; 0 turns the limit off. */
  readonly durationMinutes: number;
}

/** What {@link admitCaller} reads. */
export interface CallerLimitsDeps {
  readonly limiter: SharedWindowLimiter;
  readonly modelRequestRateLimit: () => ModelRequestRateLimit;
}

/** How an admitted call ended, for the limits counted after the fact. */
export interface CallOutcome {
  /** Answered with a status below 400. */
  readonly success: boolean;
  /** Prompt and completion tokens it used. */
  readonly tokens: number;
}

/** A call the caller's limits admitted; `finish` must be called once when it ends. */
export interface AdmittedCall {
  finish(outcome: CallOutcome): void;
}

const MINUTE_MS = 60_000;

/** Takes one unit, waiting for the replica's next lease when it must. */
async function takeOrWait(
  limiter: SharedWindowLimiter,
  bucket: string,
  limit: number,
  windowMs: number,
  refuse: (retryAfterSeconds: number) => TrafficLimitError,
): Promise<WindowTicket> {
  for (;;) {
    const verdict = limiter.take(bucket, limit, windowMs);
    if (verdict.kind === 'admitted') return verdict.ticket;
    if (verdict.kind === 'refused') throw refuse(verdict.retryAfterSeconds);
    await verdict.ready.catch(() => undefined);
  }
}

const NOTHING_TO_FINISH: AdmittedCall = Object.freeze({ finish: () => undefined });

/**
 * Admits a relayed call against its caller's limits, in the reference's order: the user's total
 * requests in the window (failed ones included), the user's successful requests (the call holds
 * a unit while it runs and hands it back if it fails, so calls in flight count), then the token's
 * requests per minute and tokens per minute. Refusals are {@link TrafficLimitError}s (429 with
 * `Retry-After`). Decided in memory; see {@link SharedWindowLimiter} for how replicas agree.
 */
export async function admitCaller(deps: CallerLimitsDeps, userId: number, token: CredentialToken | undefined): Promise<AdmittedCall> {
  const { limiter } = deps;
  const user = deps.modelRequestRateLimit();
  const rpm = token?.rate_limit_rpm ?? 0;
  const tpm = token?.rate_limit_tpm ?? 0;
  const userLimited = user.enabled && user.durationMinutes > 0 && (user.count > 0 || user.successCount > 0);
  if (!userLimited && rpm <= 0 && tpm <= 0) return NOTHING_TO_FINISH;

  let success: WindowTicket | undefined;
  if (userLimited) {
    const windowMs = user.durationMinutes * MINUTE_MS;
    if (user.count > 0) {
      await takeOrWait(limiter, `user-total:${userId}`, user.count, windowMs, (retry) =>
        new TrafficLimitError('ModelRequestRateLimitCount', LimitMessages.userTotal(user.count, user.durationMinutes), retry),
      );
    }
    if (user.successCount > 0) {
      success = await takeOrWait(limiter, `user-success:${userId}`, user.successCount, windowMs, (retry) =>
        new TrafficLimitError('ModelRequestRateLimitSuccessCount', LimitMessages.userSuccess(user.successCount, user.durationMinutes), retry),
      );
    }
  }
  const tpmBucket = `token-tpm:${token?.id ?? 0}`;
  try {
    if (token && rpm > 0) {
      await takeOrWait(limiter, `token-rpm:${token.id}`, rpm, MINUTE_MS, (retry) => new TrafficLimitError('token_rpm', LimitMessages.tokenRpm(rpm), retry));
    }
    if (tpm > 0) {
      const retry = limiter.overLimit(tpmBucket, tpm, MINUTE_MS);
      if (retry !== undefined) throw new TrafficLimitError('token_tpm', LimitMessages.tokenTpm(tpm), retry);
    }
  } catch (error) {
    if (success) limiter.giveBack(success);
    throw error;
  }
  let finished = false;
  return {
    finish(outcome) {
      if (finished) return;
      finished = true;
      if (success && !outcome.success) limiter.giveBack(success);
      if (tpm > 0) limiter.add(tpmBucket, tpm, MINUTE_MS, outcome.tokens);
    },
  };
}
