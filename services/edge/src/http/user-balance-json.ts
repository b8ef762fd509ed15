import type { UserBalance__Output } from '@modelgate/contracts';
import { InternalError } from '@modelgate/runtime';
import type { UserJson } from '@modelgate/contracts/api';

/** The money fields of a user's JSON: billing's columns, never identity's. */
type BalanceFields = Pick<UserJson, 'quota' | 'used_quota' | 'request_count' | 'aff_count' | 'aff_quota' | 'aff_history_quota'>;

/** What a view of a balance adds to the stored columns. */
export interface BalanceViewOptions {
  /**
   * Add back the quota open reservations hold: it is still the user's until spent, so the
   * balance a user is shown includes it (a wallet read right after one call would otherwise
   * show a whole lease block as gone).
   */
  includeHeld: boolean;
}

/** Billing's balance of one user as the JSON fields of a user view. */
function balanceFieldsOf(balance: UserBalance__Output, options: BalanceViewOptions): BalanceFields {
  const held = options.includeHeld ? Number(balance.held_quota) : 0;
  return {
    quota: Number(balance.quota) + held,
    used_quota: Number(balance.used_quota),
    request_count: Number(balance.request_count),
    aff_count: balance.aff_count,
    aff_quota: Number(balance.aff_quota),
    aff_history_quota: Number(balance.aff_history_quota),
  };
}

/**
 * A user view (built from identity's profile) with its money fields from billing's balance. The
 * fields keep their places, so the JSON is the same shape, key for key, as a view of one row.
 */
export function withBalance<T extends UserJson>(user: T, balances: readonly UserBalance__Output[], options: BalanceViewOptions): T {
  const balance = balances.find((entry) => Number(entry.user_id) === user.id);
  if (!balance) throw new InternalError(`billing answered without the balance of user ${user.id}`);
  return { ...user, ...balanceFieldsOf(balance, options) };
}
