import { createDailyPartition } from '@modelgate/billing';
import { createDataSource, DAY_SECONDS, runMigrations } from '@modelgate/db';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** Days of history the seeded logs cover, ending now. */
export const SEEDED_DAYS = 30;
/** The heavy user: one row in ten is theirs. */
export const HEAVY_USER_ID = 1;
/** Users besides the heavy one. */
const OTHER_USERS = 1_999;
/** Rows per INSERT statement while seeding (each also feeds the rollup triggers once). */
const SEED_BATCH = 500_000;
/** Bumped when the seeded shape changes, so an old seeded database is not reused. */
const SEED_VERSION = 1;

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
 * written with `generate_series` in batches so the rollup triggers sum them as billing's writes
 * would be summed, then the hourly `quota_data` of those rows. The shape: 2,000 users, one of
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
  await dataSource.query(`TRUNCATE logs, quota_data, quota_data_totals, log_hourly_totals, log_hourly_user_totals`);
  const start = now - SEEDED_DAYS * DAY_SECONDS;
  for (let day = Math.floor(start / DAY_SECONDS) * DAY_SECONDS; day <= now; day += DAY_SECONDS) {
    await createDailyPartition(dataSource, day);
  }
  const span = now - start;
  for (let from = 1; from <= rows; from += SEED_BATCH) {
    const to = Math.min(rows, from + SEED_BATCH - 1);
    log(`  seeding log rows ${from.toLocaleString('en')}–${to.toLocaleString('en')} of ${rows.toLocaleString('en')}`);
    await dataSource.query(
      `INSERT INTO logs (user_id, username, created_at, type, content, token_name, model_name, quota, prompt_tokens,
                         completion_tokens, use_time, is_stream, channel_id, token_id, "group", other, request_id)
       SELECT u, 'user' || u, $1 + (g::bigint * $2) / $3,
              CASE WHEN g % 500 = 0 THEN 1 WHEN g % 1000 = 1 THEN 3 ELSE 2 END,
              CASE WHEN g % 500 = 0 THEN 'top-up' ELSE '' END,
              'key-' || (g % 3), 'model-' || ((g * 31) % 12), 100 + g % 5000, 200 + g % 900, 50 + g % 700,
              1 + g % 9, g % 2 = 0, 1 + (g * 17) % 20, u * 3 + g % 3, CASE WHEN u % 10 = 0 THEN 'vip' ELSE 'default' END,
              '{"frt":' || (g % 900) || ',"model_ratio":2.5,"group_ratio":1,"completion_ratio":4,"admin_info":{"use_channel":["' || (1 + (g * 17) % 20) || '"]}}',
              'bench-' || g
         FROM (SELECT g, CASE WHEN g % 10 = 0 THEN ${HEAVY_USER_ID} ELSE 2 + (g * 7919) % ${OTHER_USERS} END AS u
                 FROM generate_series($4::bigint, $5::bigint) g) s`,
      [start, span, rows, from, to],
    );
  }
  log('  summing the hourly quota_data of the seeded rows');
  await dataSource.query(
    `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota)
     SELECT user_id, username, model_name, created_at - mod(created_at, 3600), sum(prompt_tokens + completion_tokens), count(*), sum(quota)
       FROM logs WHERE type = 2 GROUP BY 1, 2, 3, 4`,
  );
  log('  analysing');
  await dataSource.query(`VACUUM ANALYZE logs`);
  await dataSource.query(`ANALYZE quota_data, quota_data_totals, log_hourly_totals, log_hourly_user_totals`);
}
