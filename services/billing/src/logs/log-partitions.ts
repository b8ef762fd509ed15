import {
  ADVISORY_LOCK_NAMESPACE,
  AdvisoryLock,
  DAY_SECONDS,
  dailyPartitionName,
  LOG_DEFAULT_PARTITION,
  LOG_PARTITION_SCHEMA,
} from '@modelgate/db';
import type { DataSource, EntityManager } from 'typeorm';

/** One partition of `logs` and the `created_at` range it holds (`[from, to)`; null = unbounded). */
export interface LogPartition {
  name: string;
  /** Inclusive lower bound, or null for MINVALUE. */
  from: number | null;
  /** Exclusive upper bound, or null for MAXVALUE. */
  to: number | null;
  isDefault: boolean;
}

/** Days before today that get a partition of their own if they have none (late records). */
const DAYS_BACK = 1;
/** Days after today created ahead, so a row never waits for its partition. */
export const DAYS_AHEAD = 3;
/**
 * How long partition DDL waits for the table lock before giving up until the next pass: creating
 * or dropping a partition needs a moment alone with `logs`, and must never queue every reader and
 * writer behind a long query.
 */
const DDL_LOCK_TIMEOUT = '3s';

const qualified = (name: string) => `"${LOG_PARTITION_SCHEMA}"."${name}"`;

function boundOf(text: string): number | null {
  if (text === 'MINVALUE' || text === 'MAXVALUE') return null;
  return Number(text.replaceAll("'", ''));
}

/** Every partition of `logs`, oldest first (the default one last). */
export async function listLogPartitions(manager: Pick<EntityManager, 'query'>): Promise<LogPartition[]> {
  const rows = (await manager.query(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'public.logs'::regclass`,
  )) as Array<{ name: string; bound: string }>;
  const partitions = rows.map(({ name, bound }): LogPartition => {
    if (bound === 'DEFAULT') return { name, from: null, to: null, isDefault: true };
    const match = /FROM \(([^)]+)\) TO \(([^)]+)\)/.exec(bound);
    if (!match) throw new Error(`unexpected bound of log partition ${name}: ${bound}`);
    return { name, from: boundOf(match[1]!), to: boundOf(match[2]!), isDefault: false };
  });
  const order = (p: LogPartition) => (p.isDefault ? Infinity : (p.from ?? -Infinity));
  return partitions.sort((a, b) => order(a) - order(b));
}

const overlaps = (p: LogPartition, from: number, to: number) =>
  !p.isDefault && (p.from === null || p.from < to) && (p.to === null || p.to > from);

/**
 * Runs `work` in a transaction holding the log-partition advisory lock (one billing replica at
 * a time) with a short lock timeout; answers undefined when another replica holds the lock.
 */
async function underPartitionLock<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T | undefined> {
  return dataSource.transaction(async (manager) => {
    const [lock] = (await manager.query(`SELECT pg_try_advisory_xact_lock($1, $2) AS locked`, [
      ADVISORY_LOCK_NAMESPACE,
      AdvisoryLock.LogPartitions,
    ])) as Array<{ locked: boolean }>;
    if (!lock?.locked) return undefined;
    await manager.query(`SET LOCAL lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
    return work(manager);
  });
}

/**
 * Gives each UTC day from yesterday to {@link DAYS_AHEAD} days ahead its own partition when no
 * partition covers it yet (see {@link createDailyPartition}), and answers the names created.
 */
export async function ensureDailyPartitions(dataSource: DataSource, now: number): Promise<string[]> {
  const today = Math.floor(now / DAY_SECONDS) * DAY_SECONDS;
  const created: string[] = [];
  for (let day = today - DAYS_BACK * DAY_SECONDS; day <= today + DAYS_AHEAD * DAY_SECONDS; day += DAY_SECONDS) {
    if (await createDailyPartition(dataSource, day)) created.push(dailyPartitionName(day));
  }
  return created;
}

/**
 * Creates the partition of the UTC day starting at `day` unless a partition covers part of it
 * (or another replica holds the partition lock); true when it did. The new partition is created
 * empty, takes the rows of its day the default partition may hold, and is then attached: readers
 * go on, writers of logs wait for those few milliseconds (never more than the lock timeout).
 */
export async function createDailyPartition(dataSource: DataSource, day: number): Promise<boolean> {
  const made = await underPartitionLock(dataSource, async (manager) => {
    const partitions = await listLogPartitions(manager);
    if (partitions.some((p) => overlaps(p, day, day + DAY_SECONDS))) return false;
    const table = qualified(dailyPartitionName(day));
    const range = `"created_at" >= ${day} AND "created_at" < ${day + DAY_SECONDS}`;
    // A row routed to the default partition before the attach would fail its check after it.
    await manager.query(`LOCK TABLE "logs" IN SHARE ROW EXCLUSIVE MODE`);
    await manager.query(`CREATE TABLE ${table} (LIKE "logs" INCLUDING DEFAULTS)`);
    await manager.query(
      `WITH moved AS (DELETE FROM ${qualified(LOG_DEFAULT_PARTITION)} WHERE ${range} RETURNING *)
       INSERT INTO ${table} SELECT * FROM moved`,
    );
    await manager.query(`ALTER TABLE "logs" ATTACH PARTITION ${table} FOR VALUES FROM (${day}) TO (${day + DAY_SECONDS})`);
    return true;
  });
  return made === true;
}

/**
 * Drops every partition whose rows are all older than `before` (unix seconds), with the rollup
 * hours they covered, in O(1) per partition: no row is read or deleted one by one. Answers how
 * many rows each dropped partition held when `count` is asked for (one index-only count of that
 * partition, for the exact answer of "clear logs before a date"), else 0. The default partition
 * is never dropped.
 */
export async function dropPartitionsBefore(
  dataSource: DataSource,
  before: number,
  options: { count?: boolean } = {},
): Promise<{ dropped: string[]; rows: number }> {
  const result = { dropped: [] as string[], rows: 0 };
  const candidates = (await listLogPartitions(dataSource.manager)).filter((p) => !p.isDefault && p.to !== null && p.to <= before);
  for (const partition of candidates) {
    const done = await underPartitionLock(dataSource, async (manager) => {
      let rows = 0;
      if (options.count) {
        const [counted] = (await manager.query(`SELECT count(*) AS n FROM ${qualified(partition.name)}`)) as Array<{ n: string }>;
        rows = Number(counted?.n ?? 0);
      }
      const hours = partition.from === null ? `hour < $1` : `hour >= $2 AND hour < $1`;
      const parameters = partition.from === null ? [partition.to] : [partition.to, partition.from];
      for (const rollup of ['log_hourly_model_totals', 'log_hourly_totals', 'log_hourly_user_totals']) {
        await manager.query(`DELETE FROM ${rollup} WHERE ${hours}`, parameters);
      }
      await manager.query(`DROP TABLE ${qualified(partition.name)}`);
      return rows;
    });
    if (done !== undefined) {
      result.dropped.push(partition.name);
      result.rows += done;
    }
  }
  return result;
}
