import type { EntityManager } from 'typeorm';

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
