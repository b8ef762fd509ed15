import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/** Marks the installation as initialised (`setups`): one row, written once. */
@Entity({ name: 'setups' })
export class SetupEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_setups',
  })
  id!: number;

  /** Product version that performed the setup. */
  @Column({ type: 'varchar', length: 64, default: '' })
  version!: string;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  initialized_at!: number;
}
