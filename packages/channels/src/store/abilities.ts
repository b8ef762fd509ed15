import type { EntityManager } from 'typeorm';

/**
 * The routing table derived from channels: one `abilities` row per (group, model) of a channel,
 * carrying the channel's enabled flag (status 1), priority, weight and tag. Derived in SQL from
 * the stored channel rows, inside the caller's transaction, so the table always matches what
 * was written in the same transaction — whatever the size of the channels' lists.
 */

/**
 * Replaces the abilities of `channelIds` with the ones their current rows imply (none for ids
 * whose channel no longer exists). Returns the number of ability rows written.
 */
export async function rebuildAbilities(manager: EntityManager, channelIds: readonly number[]): Promise<number> {
  if (channelIds.length === 0) return 0;
  const ids = [...new Set(channelIds)];
  await manager.query(`DELETE FROM abilities WHERE channel_id = ANY($1::int[])`, [ids]);
  return insertAbilities(manager, `c.id = ANY($1::int[])`, [ids]);
}

/** Rebuilds the whole table: orphans removed, every channel's rows written. Returns the row count. */
export async function rebuildAllAbilities(manager: EntityManager): Promise<number> {
  await manager.query(`DELETE FROM abilities`);
  return insertAbilities(manager, 'TRUE', []);
}

async function insertAbilities(manager: EntityManager, where: string, parameters: unknown[]): Promise<number> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight, tag)
     SELECT DISTINCT btrim(g.name), btrim(m.name), c.id, c.status = 1, c.priority, c.weight, NULLIF(c.tag, '')
       FROM channels c
       CROSS JOIN LATERAL unnest(string_to_array(c."group", ',')) AS g(name)
       CROSS JOIN LATERAL unnest(string_to_array(c.models, ',')) AS m(name)
      WHERE ${where} AND btrim(g.name) <> '' AND btrim(m.name) <> ''
     RETURNING channel_id`,
    parameters,
  );
  return rows.length;
}
