import { type ConfigOf, defineConfig, env, loadConfig } from '@modelgate/runtime';

/** One per-client limit: at most `max` requests per sliding `windowMs`, counted under `mark`. */
export interface RateLimitRule {
  /** Short name of the limit in counter keys (the reference's marks GA, GW, CT). */
  mark: string;
  enabled: boolean;
  max: number;
  windowMs: number;
}

/** The three limits edge applies (reference §5.2). */
export interface RateLimitSettings {
  /** Every `/api` request. */
  globalApi: RateLimitRule;
  /** Every path that is neither `/api` nor a probe: the console's files. */
  globalWeb: RateLimitRule;
  /** Sign-in, registration, verification, password reset and third-party sign-in. */
  critical: RateLimitRule;
}

/**
 * The limits' environment, with the reference's names and defaults: 180 `/api` requests and 60
 * console requests per 180 s, and 20 critical requests per 1200 s, per client address.
 */
export const rateLimitConfig = defineConfig({
  globalApiEnabled: {
    env: 'GLOBAL_API_RATE_LIMIT_ENABLE',
    schema: env.boolean(true),
    description: 'whether the per-client limit on every /api request is on',
  },
  globalApiMax: {
    env: 'GLOBAL_API_RATE_LIMIT',
    schema: env.positiveInt(180),
    description: '/api requests allowed per client address in one window',
  },
  globalApiSeconds: {
    env: 'GLOBAL_API_RATE_LIMIT_DURATION',
    schema: env.positiveInt(180),
    description: 'window of the /api limit, seconds',
  },
  globalWebEnabled: {
    env: 'GLOBAL_WEB_RATE_LIMIT_ENABLE',
    schema: env.boolean(true),
    description: 'whether the per-client limit on console paths is on',
  },
  globalWebMax: {
    env: 'GLOBAL_WEB_RATE_LIMIT',
    schema: env.positiveInt(60),
    description: 'console requests allowed per client address in one window',
  },
  globalWebSeconds: {
    env: 'GLOBAL_WEB_RATE_LIMIT_DURATION',
    schema: env.positiveInt(180),
    description: 'window of the console limit, seconds',
  },
  criticalEnabled: {
    env: 'CRITICAL_RATE_LIMIT_ENABLE',
    schema: env.boolean(true),
    description: 'whether the limit on sign-in, registration, verification and reset is on',
  },
  criticalMax: {
    env: 'CRITICAL_RATE_LIMIT',
    schema: env.positiveInt(20),
    description: 'sign-in, registration, verification and reset requests per client address in one window',
  },
  criticalSeconds: {
    env: 'CRITICAL_RATE_LIMIT_DURATION',
    schema: env.positiveInt(1200),
    description: 'window of the critical limit, seconds',
  },
});

/** The limits a loaded configuration describes. */
export function rateLimitSettings(config: ConfigOf<typeof rateLimitConfig>): RateLimitSettings {
  const rule = (mark: string, enabled: boolean, max: number, seconds: number): RateLimitRule => ({
    mark,
    enabled,
    max,
    windowMs: seconds * 1000,
  });
  return {
    globalApi: rule('GA', config.globalApiEnabled, config.globalApiMax, config.globalApiSeconds),
    globalWeb: rule('GW', config.globalWebEnabled, config.globalWebMax, config.globalWebSeconds),
    critical: rule('CT', config.criticalEnabled, config.criticalMax, config.criticalSeconds),
  };
}

/** The reference's limits, for callers that configure none. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = rateLimitSettings(loadConfig(rateLimitConfig, {}));
