import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** Length of the `bucket` column. */
const MAX_BUCKET_LENGTH = 128;
/** How often each replica deletes expired counters. */
const PURGE_INTERVAL_MS = 60_000;

/**
 * Counts one request against a per-client limit and decides it, in one statement, so every edge
 * replica shares the same counters (`rate_limit_counters`, an UNLOGGED table).
 *
 * The limit is a sliding window approximated by two fixed windows (as Cloudflare and nginx do):
 * the estimate is `previous window's hits × the part of it still inside the sliding window +
 * this window's hits`. A request is counted only when it is allowed, so a refused client regains
 * capacity as its earlier requests age out — the reference's "last N timestamps" behaviour, at
 * the cost of one small row per client and window instead of N timestamps. Time is the
 * database's clock, so replicas with skewed clocks still agree on the windows.
 */
const HIT_SQL = `
WITH clock AS (
  SELECT now_ms, now_ms - now_ms % $2::bigint AS window_start
  FROM (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms) AS t
), weighted AS (
  SELECT clock.window_start,
         COALESCE((SELECT p.hits FROM rate_limit_counters p
                   WHERE p.bucket = $1 AND p.window_start = clock.window_start - $2::bigint), 0)
           * ($2::bigint - (clock.now_ms - clock.window_start))::float8 / $2::bigint AS previous
  FROM clock
)
INSERT INTO rate_limit_counters AS c (bucket, window_start, hits, expires_at)
SELECT $1, w.window_start, 1, w.window_start + 2 * $2::bigint
FROM weighted w
WHERE w.previous + 1 <= $3::integer
ON CONFLICT (bucket, window_start) DO UPDATE
  SET hits = c.hits + 1
  WHERE c.hits + 1 + (SELECT previous FROM weighted) <= $3::integer
RETURNING c.hits`;

const PURGE_SQL = `
DELETE FROM rate_limit_counters
WHERE expires_at < floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint`;

/** Where per-client hits are counted; the PostgreSQL store in production, fakes in unit tests. */
export interface HitCounter {
  /**
   * Counts a hit of `bucket` if the limit `max` per `windowMs` allows it. True when allowed (and
   * counted); false when refused (and not counted).
   */
  hit(bucket: string, max: number, windowMs: number): Promise<boolean>;
}

/** The shared counters in PostgreSQL: one round trip per decision. */
export class RateLimitStore implements HitCounter {
  constructor(private readonly dataSource: DataSource) {}

  async hit(bucket: string, max: number, windowMs: number): Promise<boolean> {
    const rows = (await this.dataSource.query(HIT_SQL, [bucket.slice(0, MAX_BUCKET_LENGTH), windowMs, max])) as unknown[];
    return rows.length > 0;
  }

  /** Deletes the counters of windows that can no longer matter; returns how many. */
  async purgeExpired(): Promise<number> {
    const result = (await this.dataSource.query(PURGE_SQL)) as [unknown[], number] | unknown[];
    // TypeORM's postgres driver answers a DELETE with [rows, affected].
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }

  /**
   * Deletes expired counters every minute until the returned function is called. Every replica
   * does it; the deletes are idempotent and cheap on a table of two rows per active client.
   */
  startPurging(logger: Logger, intervalMs = PURGE_INTERVAL_MS): () => void {
    const timer = setInterval(() => {
      this.purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'cannot purge expired rate-limit counters'));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
