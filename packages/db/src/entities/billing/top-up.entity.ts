import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TopUpStatus } from '../../constants';
import { BigIntColumn } from '../columns';

/** An online payment order (`top_ups`), pending until the payment provider's callback succeeds. */
@Entity({ name: 'top_ups' })
@Index('uq_top_ups_trade_no', ['trade_no'], { unique: true })
@Index('idx_top_ups_user_id', ['user_id'])
export class TopUpEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_top_ups',
  })
  id!: number;

  @Column({ type: 'integer' })
  user_id!: number;

  /**
   * The amount asked for, in the unit the console showed when the order was placed: dollars, or
   * quota units when DisplayInCurrencyEnabled is off.
   */
  @BigIntColumn({ default: 0 })
  amount!: number;

  /** Quota units the order credits once paid, fixed when it is placed. */
  @BigIntColumn({ default: 0 })
  quota!: number;

  /** The payment gateway's payment type (`alipay`, `wxpay`). */
  @Column({ type: 'varchar', length: 32, default: '' })
  payment_method!: string;

  /** Amount paid, in the payment currency. */
  @Column({ type: 'double precision', default: 0 })
  money!: number;

  /** Order number sent to the payment provider: `USR<uid>NO<random><unix>`. */
  @Column({ type: 'varchar', length: 255 })
  trade_no!: string;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  create_time!: number;

  /** Unix seconds at which the payment notice credited the order; 0 while pending. */
  @BigIntColumn({ default: 0 })
  complete_time!: number;

  /** {@link TopUpStatus}. */
  @Column({ type: 'varchar', length: 32, default: TopUpStatus.Pending })
  status!: TopUpStatus;
}
