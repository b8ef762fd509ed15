import { listLogPartitions } from '@modelgate/billing';
import { createDataSource, dailyPartitionName, DAY_SECONDS, LOG_PARTITION_SCHEMA, runMigrations } from '@modelgate/db';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** Days of history the seeded logs cover, ending now. */
export const SEEDED_DAYS = 30;
/** The heavy user: one row in ten is theirs. */
export const HEAVY_USER_ID = 1;
/** Users besides the heavy one. */
const OTHER_USERS = 1_999;
/** Bumped when the seeded shape changes, so an old seeded database is not reused. */
const SEED_VERSION = 3;

/** The seeded database, open. */
export interface SeededLogs {
  dataSource: DataSource;
  /** Unix seconds the seeded rows end at (their newest row). */
  end: number;
  rows: number;
  /** Seconds spent seeding in this run (0 when a seeded database was reused). */
  seedS: number;
}

/** Name of the benchmark's log database for `rows` rows: kept between runs (seeding is the slow part). */
export function logDatabaseName(rows: number): string {
  return `modelgate_bench_logs_v${SEED_VERSION}_${rows}`;
}

/**
 * Opens the log benchmark's database on the server at `serverUrl`, creating and seeding it first
 * when it does not exist or was seeded more than a week ago: `rows` log rows over the last
 * {@link SEEDED_DAYS} days in daily partitions (as a gateway that has run that long has them),
 * written with `generate_series` one day at a time into each partition before its indexes are
 * built, then the hourly rollups and `quota_data` of those rows summed once. The shape: 2,000 users, one of
 * them with a tenth of the rows; three token names, twelve models, twenty channels, two groups;
 * one row in 500 a top-up and one in 1,000 a management line; realistic `other` JSON.
 */
export async function openSeededLogs(serverUrl: string, rows: number, logger: Logger, log: (line: string) => void): Promise<SeededLogs> {
  const name = logDatabaseName(rows);
  const admin = await createDataSource({ url: serverUrl, poolSize: 1, applicationName: 'modelgate-bench-logs', logger }).initialize();
  let fresh = false;
  try {
    const existing = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])) as unknown[];
    if (existing.length === 0) {
      await admin.query(`CREATE DATABASE "${name}"`);
      fresh = true;
    }
  } finally {
    await admin.destroy();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataSource = await createDataSource({ url: url.toString(), poolSize: 4, applicationName: 'modelgate-bench-logs', logger }).initialize();
  try {
    await runMigrations(dataSource, logger);
    const [marker] = (await dataSource.query(`SELECT value FROM options WHERE key = 'bench.logs.seeded_at'`)) as Array<{ value: string }>;
    const seededAt = Number(marker?.value ?? 0);
    const now = Math.floor(Date.now() / 1000);
    if (!fresh && seededAt > now - 7 * DAY_SECONDS) return { dataSource, end: seededAt, rows, seedS: 0 };
    const started = Date.now();
    await seed(dataSource, rows, now, log);
    await dataSource.query(`INSERT INTO options (key, value) VALUES ('bench.logs.seeded_at', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [
      String(now),
    ]);
    return { dataSource, end: now, rows, seedS: (Date.now() - started) / 1000 };
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
}

async function seed(dataSource: DataSource, rows: number, now: number, log: (line: string) => void): Promise<void> {
  await dataSource.query(`TRUNCATE logs, quota_data, quota_data_totals, log_hourly_totals, log_hourly_model_totals, log_hourly_user_totals`);
  for (const partition of await listLogPartitions(dataSource.manager)) {
    if (!partition.isDefault) await dataSource.query(`DROP TABLE ${LOG_PARTITION_SCHEMA}.${partition.name}`);
  }
  const start = now - SEEDED_DAYS * DAY_SECONDS;
  const span = now - start;
  // Row g is created at start + g * span / rows: each day is a contiguous range of g.
  const firstRowAt = (at: number) => Math.max(1, Math.ceil(((at - start) * rows) / span));
  for (let day = Math.floor(start / DAY_SECONDS) * DAY_SECONDS; day <= now; day += DAY_SECONDS) {
    const from = firstRowAt(day);
    const to = Math.min(rows, firstRowAt(day + DAY_SECONDS) - 1);
    const table = `${LOG_PARTITION_SCHEMA}.${dailyPartitionName(day)}`;
    log(`  seeding ${dailyPartitionName(day)}: rows ${from.toLocaleString('en')}–${to.toLocaleString('en')} of ${rows.toLocaleString('en')}`);
    // Loaded before its indexes exist and then attached (building them in bulk): many times faster
    // than inserting through the parent, and the same table in the end.
    await dataSource.query(`CREATE TABLE ${table} (LIKE logs INCLUDING DEFAULTS)`);
    if (from <= to) {
      await dataSource.query(
        `INSERT INTO ${table} (id, user_id, username, created_at, type, content, token_name, model_name, quota, prompt_tokens,
                           completion_tokens, use_time, is_stream, channel_id, token_id, "group", other, request_id)
         SELECT g, u, 'user' || u, $1 + (g * $2) / $3,
                CASE WHEN g % 500 = 0 THEN 1 WHEN g % 1000 = 1 THEN 3 ELSE 2 END,
                CASE WHEN g % 500 = 0 THEN 'top-up' ELSE '' END,
                'key-' || (h / 8 % 3), 'model-' || (h / 64 % 12), 100 + h % 5000, 200 + h / 16 % 900, 50 + h / 32 % 700,
                1 + h % 9, h % 2 = 0, 1 + h / 1024 % 20, u * 3 + h / 8 % 3, CASE WHEN u % 10 = 0 THEN 'vip' ELSE 'default' END,
                '{"frt":' || (h % 900) || ',"model_ratio":2.5,"group_ratio":1,"completion_ratio":4,"admin_info":{"use_channel":["' || (1 + h / 1024 % 20) || '"]}}',
                'bench-' || g
           FROM (SELECT g, h, CASE WHEN g % 10 = 0 THEN ${HEAVY_USER_ID} ELSE 2 + h / 32768 % ${OTHER_USERS} END AS u
                   FROM (SELECT g, (g * 2654435761) % 4294967296 AS h FROM generate_series($4::bigint, $5::bigint) g) hashed) s`,
        [start, span, rows, from, to],
      );
    }
    await dataSource.query(`ALTER TABLE logs ATTACH PARTITION ${table} FOR VALUES FROM (${day}) TO (${day + DAY_SECONDS})`);
  }
  await dataSource.query(`ALTER TABLE logs ALTER COLUMN id RESTART WITH ${rows + 1}`);
  // Rows written straight into partitions fire no trigger on logs: the rollups are summed once,
  // as the migration sums an existing table's.
  log('  summing the hourly rollups and quota_data of the seeded rows');
  await dataSource.transaction(async (manager) => {
    // Each sum groups every seeded row: in memory rather than in files.
    await manager.query(`SET LOCAL work_mem = '512MB'`);
    await manager.query(
      `INSERT INTO log_hourly_totals (hour, model_name, channel_id, "group", quota, count)
       SELECT created_at - mod(created_at, 3600), model_name, channel_id, "group", sum(quota), count(*)
         FROM logs WHERE type = 2 GROUP BY 1, 2, 3, 4`,
    );
    await manager.query(
      `INSERT INTO log_hourly_model_totals (hour, model_name, "group", quota, count)
       SELECT created_at - mod(created_at, 3600), model_name, "group", sum(quota), count(*) FROM logs WHERE type = 2 GROUP BY 1, 2, 3`,
    );
    await manager.query(
      `INSERT INTO log_hourly_user_totals (hour, user_id, username, token_name, model_name, "group", quota, count)
       SELECT created_at - mod(created_at, 3600), user_id, username, token_name, model_name, "group", sum(quota), count(*)
         FROM logs WHERE type = 2 GROUP BY 1, 2, 3, 4, 5, 6`,
    );
    await manager.query(
      `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota)
       SELECT user_id, username, model_name, created_at - mod(created_at, 3600), sum(prompt_tokens + completion_tokens), count(*), sum(quota)
         FROM logs WHERE type = 2 GROUP BY 1, 2, 3, 4`,
    );
  });
  log('  analysing');
  await dataSource.query(`VACUUM ANALYZE logs`);
  // Vacuumed too, as autovacuum keeps a running gateway's settled hours: the dashboards and a
  // user's statistics are index-only reads, which fetch every row from the heap until then.
  await dataSource.query(`VACUUM ANALYZE quota_data, quota_data_totals, log_hourly_totals, log_hourly_model_totals, log_hourly_user_totals`);
}
