import { type Logger, RateLimitedError } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import { clientAddress, clientBucket, isLoopback } from './client-address';
import type { RateLimitRule } from './rate-limit-config';
import type { HitCounter } from './rate-limit-store';

/** Message of every rate-limit refusal (HTTP 429 in the envelope). */
export const RATE_LIMITED_MESSAGE = 'too many requests, please try again later';

/** How often a failing counter store is reported while it stays down. */
const STORE_FAILURE_LOG_INTERVAL_MS = 10_000;

export interface RateLimitOptions {
  rule: RateLimitRule;
  counter: HitCounter;
  logger: Logger;
  /**
   * Lets requests from this very host through uncounted. For the global limits only: loopback
   * callers are local tools, sidecars and the operator's own browser on an `npm start` machine,
   * while every remote client reaches edge with its own address (directly, or through a proxy's
   * `X-Forwarded-For`).
   */
  exemptLoopback?: boolean;
}

/**
 * A per-client rate limit as Express middleware: counts the request in the shared counters and
 * answers 429 (`RateLimitedError`) once the client used up its window. A disabled rule passes
 * everything. When the counters cannot be reached the request passes (fail open) and the
 * failure is logged: the limit protects the service and must not take it down with the database.
 */
export function createRateLimit(options: RateLimitOptions): RequestHandler {
  const { rule, counter, logger } = options;
  if (!rule.enabled) return (_req, _res, next) => next();
  let lastFailureLog = 0;
  return async (req, res, next) => {
    const address = clientAddress(req);
    if (options.exemptLoopback && isLoopback(address)) return next();
    let allowed: boolean;
    try {
      allowed = await counter.hit(`${rule.mark}:${clientBucket(address)}`, rule.max, rule.windowMs);
    } catch (error) {
      if (Date.now() - lastFailureLog >= STORE_FAILURE_LOG_INTERVAL_MS) {
        lastFailureLog = Date.now();
        logger.warn({ err: error, limit: rule.mark }, 'rate-limit counters unavailable; letting requests through');
      }
      return next();
    }
    if (!allowed) {
      res.locals.rateLimit = rule.mark;
      throw new RateLimitedError(RATE_LIMITED_MESSAGE, { code: 'rate_limited', details: { limit: rule.mark } });
    }
    next();
  };
}
