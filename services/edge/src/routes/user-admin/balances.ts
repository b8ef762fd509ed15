import type { BillingServiceDefinition } from '@modelgate/contracts';
import type { AdminUserJson } from '@modelgate/contracts/api';
import type { GrpcClient } from '@modelgate/runtime';
import { withBalance } from '../../http/user-balance-json';

/**
 * Admin views of users with their balances from billing, in one call for a whole page. The
 * admin sees the stored balance, without what open reservations hold (as the list always has).
 */
export async function withAdminBalances(
  billing: GrpcClient<BillingServiceDefinition>,
  users: readonly AdminUserJson[],
): Promise<AdminUserJson[]> {
  if (users.length === 0) return [];
  const { balances } = await billing.call('GetUserBalances', { user_ids: users.map((user) => user.id) });
  return users.map((user) => withBalance(user, balances, { includeHeld: false }));
}

/** One admin view (or none) with its balance. */
export async function withAdminBalance(
  billing: GrpcClient<BillingServiceDefinition>,
  user: AdminUserJson | null,
): Promise<AdminUserJson | null> {
  return user ? ((await withAdminBalances(billing, [user]))[0] ?? null) : null;
}
