import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * Hourly usage totals per user and model (`quota_data`) for the dashboard charts. Unique per
 * (user_id, created_at, model_name) so every billing replica can add to the same row with
 * `INSERT … ON CONFLICT … DO UPDATE SET count = quota_data.count + excluded.count, …`; that index
 * also serves the per-user time-range queries, from the index alone.
 */
@Entity({ name: 'quota_data' })
// Unique (user_id, created_at, model_name) INCLUDE (username, token_used, count, quota): the
// dashboard reads a user's rows from the key alone. TypeORM cannot declare INCLUDE, so the
// migrations own this index and the schema builder leaves it alone.
@Index('uq_quota_data_user_id_created_at_model_name', { synchronize: false })
@Index('idx_quota_data_model_name_created_at', ['model_name', 'created_at'])
@Index('idx_quota_data_created_at', ['created_at'])
export class QuotaDataEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_quota_data',
  })
  id!: number;

  @Column({ type: 'integer' })
  user_id!: number;

  @Column({ type: 'varchar', length: 64, default: '' })
  username!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  model_name!: string;

  /** Unix seconds, truncated to the hour. */
  @BigIntColumn()
  created_at!: number;

  /** Prompt plus completion tokens. */
  @BigIntColumn({ default: 0 })
  token_used!: number;

  /** Requests. */
  @Column({ type: 'integer', default: 0 })
  count!: number;

  @BigIntColumn({ default: 0 })
  quota!: number;
}
