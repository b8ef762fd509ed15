import type { DataSource } from 'typeorm';

/**
 * Quota taken from a user's balance by reservations still open: the relay's leases (blocks it
 * spends in memory, ADR 0009) and requests in flight. It is still the user's until spent, so the
 * balance a user is shown adds it back; without it a wallet read right after one call would show
 * a whole lease block as gone. Reads billing's `quota_reservations` (its only writer is billing).
 */
export async function heldQuota(dataSource: DataSource, userId: number): Promise<number> {
  const rows: Array<{ held: string | number | null }> = await dataSource.query(
    `SELECT COALESCE(SUM(amount), 0) AS held FROM quota_reservations WHERE user_id = $1 AND status = 'reserved'`,
    [userId],
  );
  return Number(rows[0]?.held ?? 0);
}
