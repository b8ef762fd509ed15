import type { Logger } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import type { ProtectionGuards } from '../api-deps';
import { createRateLimit } from './rate-limit';
import type { RateLimitSettings } from './rate-limit-config';
import type { HitCounter } from './rate-limit-store';
import { createTurnstileGuard, type TurnstileOptions } from './turnstile';

export interface ProtectionDeps {
  /** Edge's in-memory options (the human check's switch and secret). */
  options: TurnstileOptions;
  /** Where Turnstile tokens are verified (configurable so tests run a local fake). */
  turnstileVerifyUrl: string;
  /** The shared per-client counters (PostgreSQL, so every replica counts together). */
  counter: HitCounter;
  limits: RateLimitSettings;
  logger: Logger;
}

/** The limits applied to whole path spaces rather than to chosen routes. */
export interface GlobalLimits {
  /** Every `/api` request (reference GlobalAPIRateLimit). */
  api: RequestHandler;
  /** The console's paths: everything that is neither `/api` nor a probe (GlobalWebRateLimit). */
  web: RequestHandler;
}

/** Everything edge guards requests with. */
export interface EdgeProtection {
  /** Per-route guards: the critical limit and the human check. */
  guards: ProtectionGuards;
  global: GlobalLimits;
}

/**
 * Builds edge's request protection: the critical limit on sign-in, registration, verification
 * and reset routes, the global limits on `/api` and the console, all counted per client address
 * in the shared counters, and the Turnstile human check. The global limits let the host's own
 * (loopback) requests through; the critical one counts everybody.
 */
export function createProtection(deps: ProtectionDeps): EdgeProtection {
  const { counter, logger, limits } = deps;
  return {
    guards: {
      critical: createRateLimit({ rule: limits.critical, counter, logger }),
      turnstile: createTurnstileGuard({ options: deps.options, verifyUrl: deps.turnstileVerifyUrl, logger }),
    },
    global: {
      api: createRateLimit({ rule: limits.globalApi, counter, logger, exemptLoopback: true }),
      web: createRateLimit({ rule: limits.globalWeb, counter, logger, exemptLoopback: true }),
    },
  };
}
