import type { DataSource, EntityManager } from 'typeorm';

/**
 * Rows of an `UPDATE … RETURNING` or `INSERT … RETURNING`. TypeORM's PostgreSQL driver answers
 * UPDATE and DELETE with `[rows, affected]` but INSERT with the rows alone; both shapes are read.
 */
export async function queryReturning<T>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  const result = (await manager.query(sql, parameters)) as unknown;
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

/** The current unix time in seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** PostgreSQL's deadlock and serialization-failure codes: the transaction may simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown; driverError?: { code?: unknown } })?.driverError?.code ?? (error as { code?: unknown })?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * Runs `work` in a transaction, running it again (up to `attempts` times, after a short random
 * pause) when PostgreSQL aborts it as a deadlock victim or for a serialization failure. Balance
 * movements lock rows of several tables, and concurrent settlements, reservations and releases
 * can meet in an order PostgreSQL has to break; the victim is retried rather than failed.
 */
export async function runTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  attempts = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
