import { LogType, type TypedOptionReader } from '@modelgate/db';
import { NotFoundError, PreconditionFailedError } from '@modelgate/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { adminQuotaLogOther, quotaDeltaLogContent, quotaSetLogContent } from './admin-quota-text';
import { insertLog } from './balance-log';

/**
 * An admin's changes of a user's balance. Each one locks the user row (`SELECT … FOR UPDATE`),
 * computes the new balance from the one it holds, writes it and the management log row in one
 * transaction: a settlement committing meanwhile waits for the lock or is waited for, and is
 * never overwritten by a balance read before it.
 */
export class AdminBalanceStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: TypedOptionReader,
  ) {}

  /** Sets the balance to `quota`; a balance already there writes nothing. */
  setQuota(userId: number, quota: number): Promise<{ previousQuota: number; quota: number }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await lockUser(manager, userId);
      if (user.quota === quota) return { previousQuota: quota, quota };
      await manager.query(`UPDATE users SET quota = $2 WHERE id = $1`, [userId, quota]);
      await insertLog(
        manager,
        userId,
        user.username,
        LogType.Manage,
        quotaSetLogContent(user.quota, quota, this.options),
        Math.abs(quota - user.quota),
        adminQuotaLogOther({ from: user.quota, to: quota }),
      );
      return { previousQuota: user.quota, quota };
    });
  }

  /** Adds `delta` (negative: deducts); a deduction may not take the balance below zero. */
  addQuota(userId: number, delta: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const user = await lockUser(manager, userId);
      const quota = user.quota + delta;
      if (delta < 0 && quota < 0) {
        throw new PreconditionFailedError('insufficient quota for this deduction', { code: 'insufficient_quota' });
      }
      await manager.query(`UPDATE users SET quota = $2 WHERE id = $1`, [userId, quota]);
      await insertLog(
        manager,
        userId,
        user.username,
        LogType.Manage,
        quotaDeltaLogContent(delta, this.options),
        Math.abs(delta),
        adminQuotaLogOther({ delta }),
      );
      return quota;
    });
  }
}

async function lockUser(manager: EntityManager, userId: number): Promise<{ quota: number; username: string }> {
  const rows: Array<{ quota: string; username: string }> = await manager.query(
    `SELECT quota, username FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError(`user ${userId} not found`, { code: 'user_not_found' });
  return { quota: Number(row.quota), username: row.username };
}
