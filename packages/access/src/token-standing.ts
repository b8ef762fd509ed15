import { TOKEN_NEVER_EXPIRES, TokenStatus } from '@modelgate/db';

/**
 * Whether a token can be used, by its expiry and its budget (spec §4), as the relay treats it.
 * Identity stores the switch and the expiry; billing holds the budget (`remain_quota`). The
 * enable rule (identity, reading billing's figure) and the status an owner is shown (edge,
 * composing identity's token with billing's balance) both decide from these functions.
 */

/** True when the token has an expiry and it has passed (`nowSeconds` included). */
export function hasTokenExpired(token: { expired_time: number }, nowSeconds: number): boolean {
  return token.expired_time !== TOKEN_NEVER_EXPIRES && token.expired_time <= nowSeconds;
}

/** True when the token is limited and has nothing left to spend. */
export function isTokenExhausted(token: { unlimited_quota: boolean; remain_quota: number }): boolean {
  return !token.unlimited_quota && token.remain_quota <= 0;
}

/** The columns the shown status reads: identity's switch and expiry, billing's budget. */
export interface TokenStanding {
  status: number;
  expired_time: number;
  unlimited_quota: boolean;
  remain_quota: number;
}

/**
 * The status the owner is shown: an enabled token whose expiry has passed is expired (3), one
 * whose limited quota is used up is exhausted (4); any other status is shown as stored. The
 * stored switch stays 1 in those cases, so an edit that fixes the cause makes the token work
 * again without a further step.
 */
export function shownTokenStatus(token: TokenStanding, nowSeconds: number): number {
  if (token.status !== TokenStatus.Enabled) return token.status;
  if (hasTokenExpired(token, nowSeconds)) return TokenStatus.Expired;
  if (isTokenExhausted(token)) return TokenStatus.Exhausted;
  return token.status;
}
