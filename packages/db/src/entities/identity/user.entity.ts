import {
  Column,
  DeleteDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { DEFAULT_GROUP, UserRole, UserStatus } from '../../constants';
import { BigIntColumn } from '../columns';

/**
 * An account (`users`). Written by identity (profile, auth, role, status) and billing (every
 * balance column). Soft-deleted: a deleted user keeps its row so logs and invitations still
 * resolve, and its username stays taken.
 */
@Entity({ name: 'users' })
@Index('uq_users_username', ['username'], { unique: true })
@Index('uq_users_aff_code', ['aff_code'], { unique: true })
@Index('uq_users_access_token', ['access_token'], { unique: true })
@Index('idx_users_display_name', ['display_name'])
@Index('idx_users_email', ['email'])
@Index('idx_users_github_id', ['github_id'])
@Index('idx_users_oidc_id', ['oidc_id'])
@Index('idx_users_wechat_id', ['wechat_id'])
@Index('idx_users_telegram_id', ['telegram_id'])
@Index('idx_users_linux_do_id', ['linux_do_id'])
@Index('idx_users_inviter_id', ['inviter_id'])
@Index('idx_users_deleted_at', ['deleted_at'])
export class UserEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_users',
  })
  id!: number;

  @Column({ type: 'varchar', length: 64 })
  username!: string;

  /** bcrypt hash; never returned by any API. */
  @Column({ type: 'varchar', length: 255 })
  password!: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  display_name!: string;

  /** {@link UserRole}. */
  @Column({ type: 'integer', default: UserRole.Common })
  role!: number;

  /** {@link UserStatus}. */
  @Column({ type: 'integer', default: UserStatus.Enabled })
  status!: number;

  @Column({ type: 'varchar', length: 255, default: '' })
  email!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  github_id!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  oidc_id!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  wechat_id!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  telegram_id!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  linux_do_id!: string;

  /** System access token for the management API; null until the user generates one. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  access_token!: string | null;

  /*
   * The balance columns below (quota, used_quota, request_count, aff_quota, aff_history_quota) are
   * billing's (ADR 0002): loading a user does not read them (`select: false`); billing names them
   * in its own selects and statements.
   */

  /** Remaining balance in quota units (500 000 = 1 USD). */
  @BigIntColumn({ default: 0, select: false })
  quota!: number;

  @BigIntColumn({ default: 0, select: false })
  used_quota!: number;

  @BigIntColumn({ default: 0, select: false })
  request_count!: number;

  /** The user's billing group (a key of the GroupRatio option). Quoted in SQL: a reserved word. */
  @Column({ type: 'varchar', length: 64, default: DEFAULT_GROUP })
  group!: string;

  /** The invitation code others register with; unique, null only before one is assigned. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  aff_code!: string | null;

  /** Number of users invited. */
  @Column({ type: 'integer', default: 0 })
  aff_count!: number;

  /** Invitation rewards not yet transferred to the balance. */
  @BigIntColumn({ default: 0, select: false })
  aff_quota!: number;

  /** Invitation rewards ever earned (the reference's `aff_history` column). */
  @BigIntColumn({ default: 0, select: false })
  aff_history_quota!: number;

  /** Id of the inviting user; 0 when none. */
  @Column({ type: 'integer', default: 0 })
  inviter_id!: number;

  /**
   * JSON text: notify_type, quota_warning_threshold, webhook_url, webhook_secret,
   * notification_email, accept_unset_model_ratio_model.
   */
  @Column({ type: 'text', default: '' })
  setting!: string;

  @DeleteDateColumn({ type: 'timestamptz', nullable: true })
  deleted_at!: Date | null;
}
