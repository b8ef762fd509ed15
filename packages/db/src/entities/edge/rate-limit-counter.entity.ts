import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn, bigintToNumber } from '../columns';

/**
 * One fixed-window hit counter of a per-client rate limit (`rate_limit_counters`), written by
 * edge only. Every edge replica counts in the same rows, so a limit holds across replicas: a
 * request adds one hit with a single `INSERT … ON CONFLICT … DO UPDATE … RETURNING`, and the
 * limiter weighs the previous window's count to approximate a sliding window.
 *
 * The table is UNLOGGED (see the migration): counters are worth nothing after a crash, and
 * skipping the write-ahead log keeps the per-request write cheap. Rows expire after two windows
 * and are deleted periodically.
 */
@Entity({ name: 'rate_limit_counters' })
export class RateLimitCounterEntity {
  /** `<limit mark>:<client>`, e.g. `CT:203.0.113.7`. */
  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'pk_rate_limit_counters' })
  bucket!: string;

  /** Start of the window, unix milliseconds (a multiple of the window's length). */
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_rate_limit_counters', transformer: bigintToNumber })
  window_start!: number;

  /** Requests counted in the window. */
  @Column({ type: 'integer' })
  hits!: number;

  /** Unix milliseconds after which the row is useless (window start + two windows). */
  @BigIntColumn()
  expires_at!: number;
}
