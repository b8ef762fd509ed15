import type { DataSource } from 'typeorm';

/** Rows deleted per statement: short transactions that never hold the busy `logs` table long. */
export const LOG_DELETE_BATCH = 5_000;

/**
 * Deletes every log row with `created_at` before `targetTimestamp` (unix seconds) and returns how
 * many were deleted. Works in batches of {@link LOG_DELETE_BATCH} rows, each its own statement,
 * so a clean-up of millions of rows neither blocks log writers nor grows one huge transaction;
 * `(created_at, type)` is indexed, so each batch finds its rows without a scan.
 */
export async function deleteLogsBefore(
  dataSource: DataSource,
  targetTimestamp: number,
  batchSize = LOG_DELETE_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = (await dataSource.query(
      `WITH doomed AS (SELECT id FROM logs WHERE created_at < $1 LIMIT $2)
       DELETE FROM logs WHERE id IN (SELECT id FROM doomed)`,
      [targetTimestamp, batchSize],
    )) as [unknown[], number] | unknown[];
    const deleted = deletedCount(rows);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/** TypeORM's postgres driver answers a `DELETE` with `[rows, affected]`. */
function deletedCount(result: [unknown[], number] | unknown[]): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
