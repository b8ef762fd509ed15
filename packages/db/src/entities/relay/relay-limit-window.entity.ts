import { Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn, bigintToNumber } from '../columns';

/**
 * One fixed window of one traffic limit (`relay_limit_windows`), written by the relay only: how
 * many units (requests or tokens) every relay replica together has taken from it. Replicas take
 * units in small leases with one `INSERT … ON CONFLICT … DO UPDATE … RETURNING` each and admit
 * requests from their lease in memory (docs/adr/0025). UNLOGGED; rows expire after two windows.
 */
@Entity({ name: 'relay_limit_windows' })
export class RelayLimitWindowEntity {
  /** `<limit>:<subject>`, e.g. `user-total:42`, `token-tpm:7`, `channel-rpm:3`. */
  @PrimaryColumn({ type: 'varchar', length: 160, primaryKeyConstraintName: 'pk_relay_limit_windows' })
  bucket!: string;

  /** Start of the window, unix milliseconds (a multiple of the window's length). */
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_relay_limit_windows', transformer: bigintToNumber })
  window_start!: number;

  /** Units taken in the window by every replica together (may pass the limit by the stated bound). */
  @BigIntColumn()
  taken!: number;

  /** Units the last statement on the row granted (read back by the statement that wrote it). */
  @BigIntColumn()
  last_grant!: number;

  /** Unix milliseconds after which the row is useless (window start + two windows). */
  @BigIntColumn()
  expires_at!: number;
}
