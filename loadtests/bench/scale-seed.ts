import { createHash } from 'node:crypto';
import { createDataSource } from '@modelgate/db';
import { createLogger } from '@modelgate/runtime';

/** How large the large-database scenario's tables are. */
export interface LargeTables {
  channels: number;
  /** Models per channel, each in two groups (so abilities = channels × models × 2). */
  modelsPerChannel: number;
  users: number;
  tokens: number;
}

/** The large relay business: 10,000 channels and 1,000,000 tokens. */
export const LARGE_TABLES: LargeTables = { channels: 10_000, modelsPerChannel: 5, users: 10_000, tokens: 1_000_000 };

/**
 * The key of seeded token `n` (1-based), as the SQL below writes it: 48 hex digits from two MD5s,
 * so the benchmark can send any of the million tokens without reading them back.
 */
export function seededTokenKey(n: number): string {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  return (md5(String(n)) + md5(String(n * 7919))).slice(0, 48);
}

/**
 * Adds, with `generate_series` in PostgreSQL (seconds, not minutes), the large tables to a
 * benchmark database: channels to the fake upstream, each serving its own models in two groups,
 * users with large balances, and tokens spread over them (unlimited quota). The benchmark's own
 * channel, user and token stay as seeded, so the relay's requests are the same as in the grid.
 */
export async function seedLargeTables(url: string, fakeUpstreamUrl: string, tables: LargeTables = LARGE_TABLES): Promise<void> {
  const dataSource = createDataSource({
    url,
    poolSize: 1,
    applicationName: 'modelgate-bench-seed',
    logger: createLogger({ service: 'bench-seed', level: 'error' }),
  });
  await dataSource.initialize();
  try {
    await dataSource.query(
      `INSERT INTO channels (type, key, status, name, weight, created_time, base_url, models, "group", priority, auto_ban)
       SELECT 1, 'sk-fake', 1, 'scale ' || g, 0, 0, $1, '', 'default,vip', 0, 0 FROM generate_series(1, $2::int) g`,
      [fakeUpstreamUrl, tables.channels],
    );
    await dataSource.query(
      `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight)
       SELECT grp, 'scale-' || (c.id % 2000) || '-' || m, c.id, true, 0, 0
       FROM channels c, unnest(ARRAY['default', 'vip']) grp, generate_series(1, $1::int) m
       WHERE c.name LIKE 'scale %'
       ON CONFLICT DO NOTHING`,
      [tables.modelsPerChannel],
    );
    await dataSource.query(
      `INSERT INTO users (username, password, display_name, role, status, quota, "group")
       SELECT 'scale' || g, '!', 'Scale', 1, 1, 1000000000000, 'default' FROM generate_series(1, $1::int) g`,
      [tables.users],
    );
    await dataSource.query(
      `INSERT INTO tokens (user_id, key, status, name, created_time, expired_time, remain_quota, unlimited_quota)
       SELECT first.id + (g % $2::int), substr(md5(g::text) || md5((g::bigint * 7919)::text), 1, 48), 1, 'scale', 0, -1, 0, true
       FROM generate_series(1, $1::int) g, (SELECT min(id) AS id FROM users WHERE username LIKE 'scale%') first`,
      [tables.tokens, tables.users],
    );
    // Vacuumed and analysed, as a running database is: otherwise autovacuum works through the new
    // million rows while the relay starts and is measured, on the same cores.
    await dataSource.query('VACUUM (ANALYZE) channels, abilities, users, tokens');
  } finally {
    await dataSource.destroy();
  }
}
