import { Column, DeleteDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { RedemptionStatus } from '../../constants';
import { BigIntColumn } from '../columns';

/** A redemption code (`redemptions`) that adds quota to the account redeeming it. Soft-deleted. */
@Entity({ name: 'redemptions' })
@Index('uq_redemptions_key', ['key'], { unique: true })
@Index('idx_redemptions_name', ['name'])
@Index('idx_redemptions_deleted_at', ['deleted_at'])
export class RedemptionEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_redemptions',
  })
  id!: number;

  /** The admin who created the code. */
  @Column({ type: 'integer', default: 0 })
  user_id!: number;

  /** The code itself (a UUID without dashes). */
  @Column({ type: 'varchar', length: 64 })
  key!: string;

  /** {@link RedemptionStatus}. */
  @Column({ type: 'integer', default: RedemptionStatus.Unused })
  status!: number;

  @Column({ type: 'varchar', length: 255, default: '' })
  name!: string;

  @BigIntColumn({ default: 100 })
  quota!: number;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  created_time!: number;

  /** Unix seconds; 0 until redeemed. */
  @BigIntColumn({ default: 0 })
  redeemed_time!: number;

  /** The user who redeemed it; 0 while unused. */
  @Column({ type: 'integer', default: 0 })
  used_user_id!: number;

  @DeleteDateColumn({ type: 'timestamptz', nullable: true })
  deleted_at!: Date | null;
}
