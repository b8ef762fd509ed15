import { LogType } from '@modelgate/db';
import type { EntityManager } from 'typeorm';
import type { BillingContext } from '../billing-context';

/** Rows of an `UPDATE … RETURNING` (TypeORM answers UPDATE with `[rows, affected]`). */
export async function updateReturning<T>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  const [rows] = (await manager.query(sql, parameters)) as [T[], number];
  return rows;
}

/** Which users a credit may reach. */
export interface CreditTarget {
  userId: number;
  /**
   * Credit a (softly) deleted account too: money already paid is never dropped. A redemption
   * (nothing paid) reaches live accounts only.
   */
  includeDeleted: boolean;
}

/**
 * Adds `quota` to a user's balance (one SQL increment, never read-modify-write) and writes the
 * top-up log row saying why, inside the caller's transaction. Returns false, changing nothing,
 * when there is no such user.
 */
export async function creditTopUp(
  manager: EntityManager,
  target: CreditTarget,
  quota: number,
  logContent: string,
  /** The row's structured `other` (`{top_up: …}`), which the console words. */
  logOther: string,
): Promise<boolean> {
  const rows = await updateReturning<{ username: string }>(
    manager,
    `UPDATE users SET quota = quota + $2 WHERE id = $1 AND ($3 OR deleted_at IS NULL) RETURNING username`,
    [target.userId, quota, target.includeDeleted],
  );
  const row = rows[0];
  if (!row) return false;
  await manager.query(
    `INSERT INTO logs (user_id, username, created_at, type, content, quota, other)
     VALUES ($1, $2, extract(epoch from now())::bigint, $3, $4, $5, $6)`,
    [target.userId, row.username, LogType.TopUp, logContent, quota, logOther],
  );
  return true;
}

/** Tells every service a user's balance changed; an event is a hint, so a failure is only logged. */
export async function announceQuotaChange(context: BillingContext, userId: number): Promise<void> {
  try {
    await context.bus.publish('modelgate.evt.identity.user.changed', { userId, reason: 'quota' });
  } catch (error) {
    context.logger.warn({ err: error, userId }, 'cannot announce a balance change');
  }
}
