import { TOKEN_NEVER_EXPIRES, TokenStatus } from '@modelgate/db';
import { PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { TokenMessage } from './token-messages';

/** The columns the status rules read. */
export interface TokenLimits {
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
}

/** True when the token has an expiry and it has passed (`nowSeconds` included). */
export function hasExpired(token: Omit<TokenLimits, 'status'>, nowSeconds: number): boolean {
  return token.expired_time !== TOKEN_NEVER_EXPIRES && token.expired_time <= nowSeconds;
}

/** True when the token is limited and has nothing left to spend. */
export function isExhausted(token: Omit<TokenLimits, 'status'>): boolean {
  return !token.unlimited_quota && token.remain_quota <= 0;
}

/**
 * The status the owner is shown (spec §4): an enabled token whose expiry has passed is expired
 * (3), one whose limited quota is used up is exhausted (4), as the relay treats them; any other
 * status is shown as stored. The stored switch stays 1 in those cases, so an edit that fixes the
 * cause makes the token work again without a further step.
 */
export function shownStatus(token: TokenLimits, nowSeconds: number): number {
  if (token.status !== TokenStatus.Enabled) return token.status;
  if (hasExpired(token, nowSeconds)) return TokenStatus.Expired;
  if (isExhausted(token)) return TokenStatus.Exhausted;
  return token.status;
}

/**
 * Refuses to enable a token that could not be used (spec §4, the reference's messages): one
 * that has expired, or a limited one with no quota left.
 */
export function assertCanEnable(token: Omit<TokenLimits, 'status'>, nowSeconds: number): void {
  if (hasExpired(token, nowSeconds)) {
    throw new PreconditionFailedError(TokenMessage.expiredCannotEnable, { code: 'token_expired' });
  }
  if (isExhausted(token)) {
    throw new PreconditionFailedError(TokenMessage.exhaustedCannotEnable, { code: 'token_exhausted' });
  }
}

/** The only statuses a user sets: enabled or disabled. Anything else is refused. */
export function checkSettableStatus(status: number): TokenStatus {
  if (status !== TokenStatus.Enabled && status !== TokenStatus.Disabled) {
    throw new ValidationError(TokenMessage.invalidStatus, { code: 'invalid_status' });
  }
  return status;
}

/**
 * The status a full edit leaves, given the stored status, the status the client sent (if any)
 * and the token's limits after the edit:
 * - 2 disables;
 * - 1 on a token not stored as enabled enables it, refused when the edited token is expired or
 *   exhausted ({@link assertCanEnable});
 * - 3 and 4 (a shown status sent back unchanged by the console), 1 on an enabled token, or no
 *   status keep the switch as it is, except that a token stored as expired or exhausted (by an
 *   older writer) whose edit removes that cause is enabled again;
 * - any other value is refused.
 */
export function statusAfterEdit(
  stored: number,
  requested: number | undefined,
  after: Omit<TokenLimits, 'status'>,
  nowSeconds: number,
): number {
  if (requested !== undefined && (requested < TokenStatus.Enabled || requested > TokenStatus.Exhausted || !Number.isInteger(requested))) {
    throw new ValidationError(TokenMessage.invalidStatus, { code: 'invalid_status' });
  }
  if (requested === TokenStatus.Disabled) return TokenStatus.Disabled;
  if (requested === TokenStatus.Enabled && stored !== TokenStatus.Enabled) {
    assertCanEnable(after, nowSeconds);
    return TokenStatus.Enabled;
  }
  if (stored === TokenStatus.Expired && !hasExpired(after, nowSeconds)) return TokenStatus.Enabled;
  if (stored === TokenStatus.Exhausted && !isExhausted(after)) return TokenStatus.Enabled;
  return stored;
}
