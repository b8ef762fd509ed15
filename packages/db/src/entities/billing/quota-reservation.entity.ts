import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/** Where a reservation stands: open, refunded for a failed request, or settled by its usage. */
export type QuotaReservationStatus = 'reserved' | 'released' | 'settled';

/**
 * The quota reserved at admission for one relayed request (`quota_reservations`), written by
 * billing only. Keyed by the request id, it makes reservation, release and settlement idempotent:
 * each is a conditional status transition in the same transaction as its balance change.
 */
@Entity({ name: 'quota_reservations' })
@Index('idx_quota_reservations_created_at', ['created_at'])
export class QuotaReservationEntity {
  /** The relayed request's id (`x-request-id`). */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_quota_reservations' })
  request_id!: string;

  @Column({ type: 'integer' })
  user_id!: number;

  /** 0 when the request has no token (console playground). */
  @Column({ type: 'integer' })
  token_id!: number;

  /** Quota units taken from the user (and from a limited token). */
  @BigIntColumn()
  amount!: number;

  /** The token was unlimited, so its `remain_quota` was not touched. */
  @Column({ type: 'boolean' })
  token_unlimited!: boolean;

  @Column({ type: 'varchar', length: 16 })
  status!: QuotaReservationStatus;

  /** Unix seconds. */
  @BigIntColumn()
  created_at!: number;
}
