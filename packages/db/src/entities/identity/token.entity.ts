import { Column, DeleteDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TOKEN_NEVER_EXPIRES, TokenStatus } from '../../constants';
import { BigIntColumn } from '../columns';

/**
 * An API key (`tokens`) that SDK clients send as `sk-<key>`. Identity writes the metadata and
 * status and never reads the two quota columns; billing alone reads and writes those (the budget
 * an owner sets included, through `SetTokenBudget`). Soft-deleted.
 */
@Entity({ name: 'tokens' })
@Index('uq_tokens_key', ['key'], { unique: true })
@Index('idx_tokens_user_id', ['user_id'])
@Index('idx_tokens_name', ['name'])
@Index('idx_tokens_deleted_at', ['deleted_at'])
export class TokenEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_tokens',
  })
  id!: number;

  @Column({ type: 'integer' })
  user_id!: number;

  /** The secret without its `sk-` prefix (48 random alphanumerics). */
  @Column({ type: 'varchar', length: 128 })
  key!: string;

  /** {@link TokenStatus}. */
  @Column({ type: 'integer', default: TokenStatus.Enabled })
  status!: number;

  @Column({ type: 'varchar', length: 255, default: '' })
  name!: string;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  created_time!: number;

  /** Unix seconds of the last use. */
  @BigIntColumn({ default: 0 })
  accessed_time!: number;

  /** Unix seconds; -1 ({@link TOKEN_NEVER_EXPIRES}) never expires. */
  @BigIntColumn({ default: TOKEN_NEVER_EXPIRES })
  expired_time!: number;

  /** Billing's: quota units the token may still spend; 0 until billing sets a new token's budget. */
  @BigIntColumn({ default: 0 })
  remain_quota!: number;

  @Column({ type: 'boolean', default: false })
  unlimited_quota!: boolean;

  @Column({ type: 'boolean', default: false })
  model_limits_enabled!: boolean;

  /** Comma-separated model names the token may call when model_limits_enabled. */
  @Column({ type: 'text', default: '' })
  model_limits!: string;

  /** Allowed client IPs, one per line; empty allows every address. */
  @Column({ type: 'text', default: '' })
  allow_ips!: string;

  /** Billing's: quota units spent through the token. */
  @BigIntColumn({ default: 0 })
  used_quota!: number;

  /** Group the token bills in; empty means the owner's group. Quoted in SQL: a reserved word. */
  @Column({ type: 'varchar', length: 64, default: '' })
  group!: string;

  /** Requests per minute the token may make (every relay replica together); 0 for no limit. */
  @Column({ type: 'integer', default: 0 })
  rate_limit_rpm!: number;

  /** Tokens (prompt + completion) per minute the token may use; 0 for no limit. */
  @Column({ type: 'integer', default: 0 })
  rate_limit_tpm!: number;

  @DeleteDateColumn({ type: 'timestamptz', nullable: true })
  deleted_at!: Date | null;
}
