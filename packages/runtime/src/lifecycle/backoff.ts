import type { Logger } from 'pino';

export interface RetryOptions {
  /** What is being attempted, for the log line ("connect to PostgreSQL"). */
  what: string;
  logger: Logger;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Give up after this many attempts; unlimited when omitted. */
  maxAttempts?: number;
  /** Aborting stops the retries (shutdown while still connecting). */
  signal?: AbortSignal;
}

/** Delay before attempt `attempt + 1`: doubling from `initial`, capped, with ±20% jitter. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Runs `attempt` until it resolves, waiting with exponential backoff between failures and
 * logging each failure clearly, so a missing dependency at start never becomes a silent crash loop.
 */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const initial = options.initialDelayMs ?? 250;
  const max = options.maxDelayMs ?? 10_000;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (options.maxAttempts !== undefined && n >= options.maxAttempts) throw error;
      const delay = backoffDelay(n, initial, max);
      options.logger.warn(
        { err: error, attempt: n, retry_in_ms: delay },
        `cannot ${options.what} yet; retrying`,
      );
      await sleep(delay, options.signal);
    }
  }
}

/** Resolves after `ms`, or rejects early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
