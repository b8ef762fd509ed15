import { systemLogOther } from '@modelgate/contracts';
import { DEFAULT_OPTIONS, parseOption } from '@modelgate/contracts/options';
import { LogType } from '@modelgate/db';
import { NotFoundError, PreconditionFailedError } from '@modelgate/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { insertLog } from './balance-log';

/** One balance change and the reason recorded with it. */
export interface QuotaAdjustment {
  userId: number;
  delta: number;
  logType: number;
  logContent: string;
  /** The log row's structured `other` (JSON text); empty for none. */
  logOther?: string;
  allowNegative: boolean;
}

/**
 * Changes of user balances outside the relay path: admin corrections, invitation rewards and
 * their transfer into the balance. Every change is one atomic SQL statement (`col = col ± n`)
 * inside a transaction with its log row, so concurrent changes never lose an update.
 */
export class BalanceStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Applies `delta` to the balance and logs it; returns the new balance. */
  adjust(change: QuotaAdjustment): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await updateReturning<{ quota: string; username: string }>(
        manager,
        `UPDATE users SET quota = quota + $2
          WHERE id = $1 AND deleted_at IS NULL AND ($3 OR $2 >= 0 OR quota + $2 >= 0)
          RETURNING quota, username`,
        [change.userId, change.delta, change.allowNegative],
      );
      const row = rows[0];
      if (!row) {
        await this.requireUser(manager, change.userId);
        throw new PreconditionFailedError('insufficient quota for this deduction', { code: 'insufficient_quota' });
      }
      await insertLog(manager, change.userId, row.username, change.logType, change.logContent, Math.abs(change.delta), change.logOther);
      return Number(row.quota);
    });
  }

  /** Credits an invitation reward to the inviter, with a system log row saying so. */
  rewardInviter(inviterId: number, amount: number, logContent: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await updateReturning<{ username: string }>(
        manager,
        `UPDATE users SET aff_count = aff_count + 1, aff_quota = aff_quota + $2,
                aff_history_quota = aff_history_quota + $2
          WHERE id = $1 AND deleted_at IS NULL
          RETURNING username`,
        [inviterId, amount],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError(`user ${inviterId} not found`, { code: 'user_not_found' });
      await insertLog(manager, inviterId, row.username, LogType.System, logContent, amount, systemLogOther('inviter_reward', amount));
    });
  }

  /** Moves `amount` of invitation rewards into the balance; at least one QuotaPerUnit. */
  transferAffQuota(userId: number, amount: number): Promise<{ quota: number; affQuota: number }> {
    return this.dataSource.transaction(async (manager) => {
      const quotaPerUnit = await readQuotaPerUnit(manager);
      if (amount < quotaPerUnit) {
        throw new PreconditionFailedError(`转移额度最小为${quotaPerUnit}！`, { code: 'transfer_below_minimum' });
      }
      const rows = await updateReturning<{ quota: string; aff_quota: string; username: string }>(
        manager,
        `UPDATE users SET aff_quota = aff_quota - $2, quota = quota + $2
          WHERE id = $1 AND deleted_at IS NULL AND aff_quota >= $2
          RETURNING quota, aff_quota, username`,
        [userId, amount],
      );
      const row = rows[0];
      if (!row) {
        await this.requireUser(manager, userId);
        throw new PreconditionFailedError('邀请额度不足！', { code: 'insufficient_aff_quota' });
      }
      await insertLog(
        manager,
        userId,
        row.username,
        LogType.System,
        `邀请额度划转 ${amount}`,
        amount,
        systemLogOther('aff_transfer', amount),
      );
      return { quota: Number(row.quota), affQuota: Number(row.aff_quota) };
    });
  }

  private async requireUser(manager: EntityManager, userId: number): Promise<void> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
    if (rows.length === 0) throw new NotFoundError(`user ${userId} not found`, { code: 'user_not_found' });
  }
}

/** Rows of an `UPDATE … RETURNING` (TypeORM answers UPDATE with `[rows, affected]`). */
async function updateReturning<T>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  const [rows] = (await manager.query(sql, parameters)) as [T[], number];
  return rows;
}

async function readQuotaPerUnit(manager: EntityManager): Promise<number> {
  const rows: Array<{ value: string }> = await manager.query(`SELECT value FROM options WHERE key = 'QuotaPerUnit'`);
  return parseOption('QuotaPerUnit', rows[0]?.value ?? DEFAULT_OPTIONS.QuotaPerUnit ?? '');
}
