import { hasTokenExpired as hasExpired, isTokenExhausted as isExhausted } from '@modelgate/access';
import { TokenStatus } from '@modelgate/db';
import { PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { TokenMessage } from './token-messages';

/**
 * What the enable rules read: the token's expiry and unlimited flag (identity's columns) and its
 * budget as billing holds it (`GetTokenBalances`), or as an edit is about to have billing set it.
 */
export interface TokenLimits {
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
}

/**
 * Refuses to enable a token that could not be used (spec §4, the reference's messages): one
 * that has expired, or a limited one with no quota left.
 */
export function assertCanEnable(token: TokenLimits, nowSeconds: number): void {
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
  after: TokenLimits,
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
