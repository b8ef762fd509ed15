import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * When a user was last sent a low-quota notice (`quota_notices`), written by billing only. A
 * replica about to send claims the row with `INSERT … ON CONFLICT (user_id) DO UPDATE … WHERE
 * last_sent_at < now() - <window> RETURNING`, so of many replicas settling the same user's usage
 * at most one sends within the window.
 */
@Entity({ name: 'quota_notices' })
export class QuotaNoticeEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_quota_notices' })
  user_id!: number;

  /** When the last notice was claimed (database clock). */
  @Column({ type: 'timestamptz' })
  last_sent_at!: Date;
}
