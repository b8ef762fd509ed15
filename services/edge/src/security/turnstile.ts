import type { TypedOptionReader } from '@modelgate/db';
import { type Logger, UnavailableError, ValidationError } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import { clientAddress } from './client-address';

/** The options the human check reads when a request arrives (so changes apply at once). */
export type TurnstileOptions = Pick<TypedOptionReader, 'value'>;

export interface TurnstileDeps {
  options: TurnstileOptions;
  /** Where tokens are verified (Cloudflare's siteverify; a local fake in tests). */
  verifyUrl: string;
  logger: Logger;
}

/** The reference's messages for a missing and a refused token. */
export const TurnstileMessage = {
  missing: 'Turnstile token 为空',
  failed: 'Turnstile 校验失败，请刷新重试！',
} as const;

/** How long the verification server may take. */
const VERIFY_TIMEOUT_MS = 5_000;

/**
 * The Turnstile human check: when `TurnstileCheckEnabled` is on, the request must carry
 * `?turnstile=<token>` that the verification server accepts for `TurnstileSecretKey`; otherwise
 * it passes. An unreachable verification server is a fault (503), not the client's failure.
 */
export function createTurnstileGuard(deps: TurnstileDeps): RequestHandler {
  return async (req, _res, next) => {
    if (!deps.options.value('TurnstileCheckEnabled')) return next();
    const token = typeof req.query.turnstile === 'string' ? req.query.turnstile : '';
    if (token === '') throw new ValidationError(TurnstileMessage.missing, { code: 'turnstile_missing' });
    let response: Response;
    try {
      response = await fetch(deps.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: deps.options.value('TurnstileSecretKey'),
          response: token,
          remoteip: clientAddress(req),
        }),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'Turnstile verification server unreachable');
      throw new UnavailableError('Turnstile verification unavailable', { code: 'turnstile_unavailable', cause: error });
    }
    const result = (await response.json().catch(() => ({}))) as { success?: boolean };
    if (result.success !== true) {
      throw new ValidationError(TurnstileMessage.failed, { code: 'turnstile_failed' });
    }
    next();
  };
}
