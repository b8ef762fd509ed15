import type { DataSource } from 'typeorm';

/** Length of the `bucket` column. */
const MAX_BUCKET_LENGTH = 160;

/** What one take from a shared window gave. */
export interface WindowGrant {
  /** Units granted to the caller (at least the `owed` units it asked for). */
  readonly granted: number;
  /** Units taken in the window by every replica together, this grant included. */
  readonly taken: number;
}

/** The shared windows of the relay's traffic limits; PostgreSQL in production, fakes in unit tests. */
export interface WindowStore {
  /**
   * Takes units from one window: the `owed` units always (they were admitted already), and up to
   * `want` in all while the window's total stays within `limit`. One atomic step per call.
   */
  take(bucket: string, windowStart: number, windowMs: number, limit: number, want: number, owed: number): Promise<WindowGrant>;
}

/**
 * One statement per take: the row is locked by the upsert, so `last_grant` read back is this
 * statement's grant (`new - old`), whatever other replicas do at the same moment.
 * `$3` limit, `$4` want, `$5` owed; a new row starts from 0.
 */
const TAKE_SQL = `
INSERT INTO relay_limit_windows AS w (bucket, window_start, taken, last_grant, expires_at)
VALUES ($1, $2::bigint, GREATEST($5::bigint, LEAST($3::bigint, $4::bigint)),
        GREATEST($5::bigint, LEAST($3::bigint, $4::bigint)), $2::bigint + 2 * $6::bigint)
ON CONFLICT (bucket, window_start) DO UPDATE
  SET taken = GREATEST(w.taken + $5::bigint, LEAST($3::bigint, w.taken + $4::bigint)),
      last_grant = GREATEST(w.taken + $5::bigint, LEAST($3::bigint, w.taken + $4::bigint)) - w.taken
RETURNING taken, last_grant`;

const PURGE_SQL = `DELETE FROM relay_limit_windows WHERE expires_at < $1::bigint`;

/** The windows in PostgreSQL (`relay_limit_windows`). */
export class PostgresWindowStore implements WindowStore {
  constructor(private readonly dataSource: DataSource) {}

  async take(bucket: string, windowStart: number, windowMs: number, limit: number, want: number, owed: number): Promise<WindowGrant> {
    const rows = (await this.dataSource.query(TAKE_SQL, [
      bucket.slice(0, MAX_BUCKET_LENGTH),
      windowStart,
      Math.max(0, Math.floor(limit)),
      Math.max(owed, want),
      owed,
      windowMs,
    ])) as Array<{ taken: string | number; last_grant: string | number }>;
    const row = rows[0]!;
    return { granted: Number(row.last_grant), taken: Number(row.taken) };
  }

  /** Deletes the windows that can no longer matter. */
  async purgeExpired(now = Date.now()): Promise<void> {
    await this.dataSource.query(PURGE_SQL, [now]);
  }
}
