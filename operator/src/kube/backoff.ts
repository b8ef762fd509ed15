/** Exponential backoff with a cap and jitter, shared by the work queue and the informer restarts. */
export interface BackoffPolicy {
  /** First delay, ms. */
  baseMs: number;
  /** Largest delay before jitter, ms. */
  maxMs: number;
  /** ± fraction applied to every delay (0.2 = ±20 %). */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 300_000, jitter: 0.2 };

/** Delay before retry number `attempt` (1-based): base × 2^(attempt-1), capped, jittered. */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(0, attempt - 1), 52);
  const base = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.max(0, Math.round(base * (1 - policy.jitter + 2 * policy.jitter * random())));
}
