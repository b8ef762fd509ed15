import { RateLimitedError, ValidationError } from '@modelgate/runtime';
import type { Request, RequestHandler } from 'express';
import type { ProtectionGuards } from '../api-deps';

/** The options the guards read, looked up when a request arrives (so changes apply at once). */
export interface ProtectionOptions {
  get(key: string): string;
}

export interface ProtectionDeps {
  options: ProtectionOptions;
  /** Where Turnstile tokens are verified (configurable so tests run a local fake). */
  turnstileVerifyUrl: string;
}

/** The reference's critical limit: 20 requests per 20 minutes per client address. */
const CRITICAL_LIMIT = { max: 20, windowMs: 20 * 60_000 };

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The guards of abuse-prone routes: a per-address limit on sign-in, registration, verification
 * and reset, and the Turnstile human check when it is enabled.
 */
export function createProtection(deps: ProtectionDeps): ProtectionGuards {
  const hits = new Map<string, number[]>();
  const critical: RequestHandler = (req, _res, next) => {
    const now = Date.now();
    const key = clientAddress(req);
    const recent = (hits.get(key) ?? []).filter((at) => now - at < CRITICAL_LIMIT.windowMs);
    if (recent.length >= CRITICAL_LIMIT.max) throw new RateLimitedError('too many requests, please try again later');
    recent.push(now);
    hits.set(key, recent);
    next();
  };

  const turnstile: RequestHandler = async (req, _res, next) => {
    if (deps.options.get('TurnstileCheckEnabled') !== 'true') return next();
    const token = typeof req.query.turnstile === 'string' ? req.query.turnstile : '';
    if (token === '') throw new ValidationError('Turnstile token 为空', { code: 'turnstile_missing' });
    const response = await fetch(deps.turnstileVerifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: deps.options.get('TurnstileSecretKey'),
        response: token,
        remoteip: clientAddress(req),
      }),
      signal: AbortSignal.timeout(5_000),
    });
    const result = (await response.json().catch(() => ({}))) as { success?: boolean };
    if (result.success !== true) {
      throw new ValidationError('Turnstile 校验失败，请刷新重试！', { code: 'turnstile_failed' });
    }
    next();
  };

  return { critical, turnstile };
}
