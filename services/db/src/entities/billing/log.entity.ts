import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { LogType } from '../../constants';
import { BigIntColumn, bigintToNumber } from '../columns';

/**
 * One usage-log line (`logs`): a consumption, top-up, management or system event. Written by
 * billing only; by far the largest and most written table, so its indexes are chosen with care:
 * a filter on user_id, channel_id, created_at or model_name is served by the leading column of a
 * composite index (user_id, created_at), (channel_id, created_at), (created_at, type) and
 * (model_name, username) instead of a duplicate single-column index.
 */
@Entity({ name: 'logs' })
@Index('idx_logs_user_id_created_at', ['user_id', 'created_at'])
@Index('idx_logs_created_at_type', ['created_at', 'type'])
@Index('idx_logs_channel_id_created_at', ['channel_id', 'created_at'])
@Index('idx_logs_model_name_username', ['model_name', 'username'])
@Index('idx_logs_username', ['username'])
@Index('idx_logs_token_name', ['token_name'])
@Index('idx_logs_token_id', ['token_id'])
@Index('idx_logs_group', ['group'])
@Index('idx_logs_type', ['type'])
@Index('uq_logs_request_id', ['request_id'], { unique: true })
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

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
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
   * Id of the relay request that produced a consumption line. Unique, so settling a usage record
   * that is delivered twice (`INSERT … ON CONFLICT (request_id) DO NOTHING`) writes one line.
   * Null for lines that no request produced.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  request_id!: string | null;
}
