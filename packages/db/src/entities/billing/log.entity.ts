import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { LogType } from '../../constants';
import { BigIntColumn, bigintToNumber } from '../columns';

/**
 * One usage-log line (`logs`): a consumption, top-up, management or system event. Written by
 * billing only; by far the largest and most written table. Partitioned by UTC day of
 * `created_at` (ADR 0031: partitions live in the `log_partitions` schema, old days are dropped
 * whole), so `created_at` is part of the primary key and of the unique request id. Each filter
 * of the log page leads an index followed by `created_at`, and a user's own rows have
 * (user_id, model_name | token_name | type | group, created_at) too: a page is read newest first from
 * one index whatever the filters. Two filters that are each common but can be rare together
 * have their own index too (channel and model; token name and type; username and group), or
 * one filter's index carries the other's column so their rows are counted from the index alone
 * (username with token name, model or channel; model or channel with group). Consumption rows are summed per hour into
 * `log_hourly_totals` and `log_hourly_user_totals` by triggers.
 */
@Entity({ name: 'logs' })
@Index('uq_logs_request_id', ['request_id', 'created_at'], { unique: true })
@Index('idx_logs_created_at_type', ['created_at', 'type'])
@Index('idx_logs_user_id_created_at', ['user_id', 'created_at'])
@Index('idx_logs_user_id_token_name_created_at', ['user_id', 'token_name', 'created_at'])
@Index('idx_logs_user_id_type_created_at', ['user_id', 'type', 'created_at'])
@Index('idx_logs_token_name_created_at', ['token_name', 'created_at'])
@Index('idx_logs_group_created_at', ['group', 'created_at'])
@Index('idx_logs_type_created_at', ['type', 'created_at'])
@Index('idx_logs_channel_id_model_name_created_at', ['channel_id', 'model_name', 'created_at'])
@Index('idx_logs_token_name_type_created_at', ['token_name', 'type', 'created_at'])
@Index('idx_logs_user_id_group_created_at', ['user_id', 'group', 'created_at'])
@Index('idx_logs_username_group_created_at', ['username', 'group', 'created_at'])
// Indexes that INCLUDE other filters' columns (TypeORM cannot declare INCLUDE) or are partial:
// the migrations own them and the schema builder leaves them alone. (type, created_at) INCLUDE
// every other filter's column WHERE type <> 2; ("group", type, created_at) WHERE type <> 2;
// (username, created_at) INCLUDE (token_name, model_name, channel_id, group); (model_name |
// channel_id, created_at) INCLUDE (group); (user_id, model_name, created_at) INCLUDE (token_name).
@Index('idx_logs_type_created_at_uncommon', { synchronize: false })
@Index('idx_logs_group_type_created_at_uncommon', { synchronize: false })
@Index('idx_logs_username_created_at', { synchronize: false })
@Index('idx_logs_model_name_created_at', { synchronize: false })
@Index('idx_logs_channel_id_created_at', { synchronize: false })
@Index('idx_logs_user_id_model_name_created_at', { synchronize: false })
export class LogEntity {
  /** bigint: a busy gateway writes more than 2^31 log lines in its lifetime. */
  @PrimaryColumn({
    type: 'bigint',
    generated: 'identity',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_logs',
    transformer: bigintToNumber,
  })
  id!: number;

  @Column({ type: 'integer', default: 0 })
  user_id!: number;

  /** Unix seconds; the partition key, hence part of the primary key. */
  @PrimaryColumn({ type: 'bigint', default: 0, primaryKeyConstraintName: 'pk_logs', transformer: bigintToNumber })
  created_at!: number;

  /** {@link LogType}. */
  @Column({ type: 'integer', default: 0 })
  type!: LogType;

  @Column({ type: 'text', default: '' })
  content!: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  username!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  token_name!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  model_name!: string;

  @BigIntColumn({ default: 0 })
  quota!: number;

  @Column({ type: 'integer', default: 0 })
  prompt_tokens!: number;

  @Column({ type: 'integer', default: 0 })
  completion_tokens!: number;

  /** Whole seconds the request took. */
  @Column({ type: 'integer', default: 0 })
  use_time!: number;

  @Column({ type: 'boolean', default: false })
  is_stream!: boolean;

  /** The channel that served the request (`channel` in the JSON contract); 0 when none. */
  @Column({ type: 'integer', default: 0 })
  channel_id!: number;

  @Column({ type: 'integer', default: 0 })
  token_id!: number;

  /** Quoted in SQL: a reserved word. */
  @Column({ type: 'varchar', length: 64, default: '' })
  group!: string;

  /** JSON text: frt, model_ratio, group_ratio, cache tokens, admin_info, ... (spec §3). */
  @Column({ type: 'text', default: '' })
  other!: string;

  /**
   * Id of the relay request that produced a consumption line. Unique with `created_at` (which a
   * redelivered usage record repeats), so settling a record delivered twice
   * (`INSERT … ON CONFLICT (request_id, created_at) DO NOTHING`) writes one line.
   * Null for lines that no request produced.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  request_id!: string | null;
}
