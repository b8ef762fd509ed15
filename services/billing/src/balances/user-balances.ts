import type { DataSource } from 'typeorm';

/** One user's money columns, as `GetUserBalances` answers them. */
export interface UserBalanceRow {
  user_id: number;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  held_quota: number;
}

/** The most ids one read may name: a page of the admin user list is far smaller. */
export const MAX_BALANCE_IDS = 1000;

/**
 * The balances of the given users (unknown ids left out), each with the quota open reservations
 * still hold for the user: the relay's leases and requests in flight (ADR 0009). Views add it back
 * to the balance shown to the owner; without it a wallet read right after one call would show a
 * whole lease block as gone.
 */
export async function readUserBalances(dataSource: DataSource, userIds: readonly number[]): Promise<UserBalanceRow[]> {
  if (userIds.length === 0) return [];
  const rows: Array<Record<string, string | number | null>> = await dataSource.query(
    `SELECT u.id, u.quota, u.used_quota, u.request_count, u.aff_count, u.aff_quota, u.aff_history_quota,
            COALESCE(r.held, 0) AS held
       FROM users u
       LEFT JOIN (SELECT user_id, SUM(amount) AS held FROM quota_reservations
                   WHERE status = 'reserved' AND user_id = ANY($1::bigint[]) GROUP BY user_id) r ON r.user_id = u.id
      WHERE u.id = ANY($1::bigint[])`,
    [userIds],
  );
  return rows.map((row) => ({
    user_id: Number(row.id),
    quota: Number(row.quota),
    used_quota: Number(row.used_quota),
    request_count: Number(row.request_count),
    aff_count: Number(row.aff_count),
    aff_quota: Number(row.aff_quota),
    aff_history_quota: Number(row.aff_history_quota),
    held_quota: Number(row.held),
  }));
}
