import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * Failed password sign-ins per account name (`login_failures`), written by identity only, so
 * every identity replica backs off the same account together. The row is keyed by a hash of the
 * login name as typed (normalised), not by a user id: a name that matches no account is counted
 * and locked exactly like one that does, so the backoff never tells whether an account exists.
 */
@Entity({ name: 'login_failures' })
@Index('idx_login_failures_expires_at', ['expires_at'])
export class LoginFailureEntity {
  /** SHA-256 (hex) of the normalised login name. */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_login_failures' })
  account!: string;

  /** Sign-in attempts counted since the last success (an attempt counts before it is checked). */
  @Column({ type: 'integer' })
  failures!: number;

  /** Unix milliseconds until which the name may not try again (0: not locked). */
  @BigIntColumn()
  locked_until!: number;

  /** Unix milliseconds after which the count is forgotten and the row may be deleted. */
  @BigIntColumn()
  expires_at!: number;
}
