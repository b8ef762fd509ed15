import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A server-side console session (`sessions`). The cookie carries only the random id, so any
 * replica can resolve it and signing out, a ban, a demotion or a password change takes effect on
 * every replica at once by deleting (or shortening) the user's rows.
 */
@Entity({ name: 'sessions' })
@Index('idx_sessions_user_id', ['user_id'])
@Index('idx_sessions_expires_at', ['expires_at'])
export class SessionEntity {
  /** 32 random bytes as base64url (43 characters). */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_sessions' })
  id!: string;

  @Column({ type: 'integer' })
  user_id!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  expires_at!: Date;

  /** Touched (coarsely) on use, for sliding expiry and "last active" display. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  last_seen_at!: Date;

  /** Whatever the session keeps besides the user id (role snapshot, user agent, ...). */
  @Column({ type: 'jsonb', default: {} })
  data!: Record<string, unknown>;
}
