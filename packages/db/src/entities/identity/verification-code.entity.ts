import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { VerificationPurpose } from '../../constants';

/**
 * A one-time secret sent by email (`verification_codes`): 6-character email-verification codes
 * (valid 10 minutes) and password-reset tokens. Stored in the database rather than in process
 * memory so that any replica can check a code another replica sent. Only a hash is kept.
 */
@Entity({ name: 'verification_codes' })
@Index('idx_verification_codes_purpose_target', ['purpose', 'target'])
@Index('idx_verification_codes_expires_at', ['expires_at'])
export class VerificationCodeEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_verification_codes',
  })
  id!: number;

  /** {@link VerificationPurpose}. */
  @Column({ type: 'varchar', length: 32 })
  purpose!: VerificationPurpose;

  /** The email address the code was sent to (normalised by the writer). */
  @Column({ type: 'varchar', length: 255 })
  target!: string;

  /** Hash of the code (never the code itself). */
  @Column({ type: 'varchar', length: 255 })
  code_hash!: string;

  /** The account concerned, when there is one (password reset, email binding). */
  @Column({ type: 'integer', nullable: true })
  user_id!: number | null;

  /** Failed guesses so far; the writer gives up on the code after a few. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  expires_at!: Date;

  /** Set when the code is used; a consumed code never verifies again. */
  @Column({ type: 'timestamptz', nullable: true })
  consumed_at!: Date | null;
}
