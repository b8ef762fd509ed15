import type { EntityManager } from 'typeorm';

/** Writes the log row of a balance change outside the relay path, in the caller's transaction. */
export async function insertLog(
  manager: EntityManager,
  userId: number,
  username: string,
  type: number,
  content: string,
  quota: number,
  other = '',
): Promise<void> {
  await manager.query(
    `INSERT INTO logs (user_id, username, created_at, type, content, quota, other)
     VALUES ($1, $2, extract(epoch from now())::bigint, $3, $4, $5, $6)`,
    [userId, username, type, content, quota, other],
  );
}
