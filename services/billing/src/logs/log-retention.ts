import { DAY_SECONDS } from '@modelgate/db';
import type { DataSource } from 'typeorm';
import { dropPartitionsBefore } from './log-partitions';

/** Rows deleted per statement: short transactions that never hold the busy `logs` table long. */
export const LOG_DELETE_BATCH = 5_000;

/**
 * Deletes every log row with `created_at` before `targetTimestamp` (unix seconds) and returns
 * exactly how many were deleted ("clear logs before a date"). Whole daily partitions older than
 * the date are dropped in O(1) each (their rows counted first, for the answer); what is left
 * before the date — the day the date falls in, a converted table's rows, rows outside any daily
 * partition — is deleted in batches of {@link LOG_DELETE_BATCH} rows, each its own statement, so
 * neither blocks log writers nor grows one huge transaction. The hourly rollups follow both.
 */
export async function deleteLogsBefore(
  dataSource: DataSource,
  targetTimestamp: number,
  batchSize = LOG_DELETE_BATCH,
): Promise<number> {
  const { rows } = await dropPartitionsBefore(dataSource, targetTimestamp, { count: true });
  return rows + (await deleteRowsBefore(dataSource, targetTimestamp, batchSize));
}

/** Batched row-by-row deletion of what no dropped partition took (see {@link deleteLogsBefore}). */
async function deleteRowsBefore(dataSource: DataSource, targetTimestamp: number, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = (await dataSource.query(
      `WITH doomed AS (SELECT id, created_at FROM logs WHERE created_at < $1 LIMIT $2)
       DELETE FROM logs l USING doomed d WHERE l.created_at < $1 AND l.id = d.id AND l.created_at = d.created_at`,
      [targetTimestamp, batchSize],
    )) as [unknown[], number] | unknown[];
    const deleted = deletedCount(rows);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * Applies the `LogRetentionDays` setting: with `days` > 0, every log row from a UTC day that
 * ended more than `days` days before `now` goes. Daily partitions are dropped whole; older rows
 * elsewhere (a converted table, the default partition) are deleted in batches. Answers how many
 * partitions were dropped and rows deleted. `days` ≤ 0 keeps everything.
 */
export async function applyLogRetention(
  dataSource: DataSource,
  days: number,
  now: number,
): Promise<{ dropped: string[]; deleted: number }> {
  if (!(days > 0)) return { dropped: [], deleted: 0 };
  const cutoff = Math.floor((now - days * DAY_SECONDS) / DAY_SECONDS) * DAY_SECONDS;
  const { dropped } = await dropPartitionsBefore(dataSource, cutoff);
  return { dropped, deleted: await deleteRowsBefore(dataSource, cutoff, LOG_DELETE_BATCH) };
}

/** TypeORM's postgres driver answers a `DELETE` with `[rows, affected]`. */
function deletedCount(result: [unknown[], number] | unknown[]): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
