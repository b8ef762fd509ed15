import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * A drawing task (`midjourneys`) submitted to an image-drawing proxy and polled until it
 * finishes. Written by the task service. Times are unix **milliseconds**.
 */
@Entity({ name: 'midjourneys' })
@Index('idx_midjourneys_user_id', ['user_id'])
@Index('idx_midjourneys_channel_id', ['channel_id'])
@Index('idx_midjourneys_submit_time', ['submit_time'])
@Index('idx_midjourneys_mj_id', ['mj_id'])
@Index('idx_midjourneys_action', ['action'])
@Index('idx_midjourneys_status', ['status'])
// The poller's indexes (migration TaskPolling1796100000000): one submission per request, the due
// unfinished tasks, and failed tasks whose refund is still to be sent.
@Index('uq_midjourneys_request_id', ['request_id'], { unique: true, where: `"request_id" <> ''` })
@Index('idx_midjourneys_unfinished_poll_at', ['poll_at'], { where: `"status" NOT IN ('SUCCESS', 'FAILURE')` })
@Index('idx_midjourneys_refund_pending', ['id'], { where: `"status" = 'FAILURE' AND NOT "refund_sent"` })
export class MidjourneyEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_midjourneys',
  })
  id!: number;

  /** Submit result: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
  @Column({ type: 'integer', default: 0 })
  code!: number;

  @Column({ type: 'integer', default: 0 })
  user_id!: number;

  /** IMAGINE, UPSCALE, VARIATION, ... */
  @Column({ type: 'varchar', length: 40, default: '' })
  action!: string;

  /** The upstream task id. */
  @Column({ type: 'varchar', length: 255, default: '' })
  mj_id!: string;

  @Column({ type: 'text', default: '' })
  prompt!: string;

  @Column({ type: 'text', default: '' })
  prompt_en!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', default: '' })
  state!: string;

  /** Unix milliseconds. */
  @BigIntColumn({ default: 0 })
  submit_time!: number;

  /** Unix milliseconds. */
  @BigIntColumn({ default: 0 })
  start_time!: number;

  /** Unix milliseconds. */
  @BigIntColumn({ default: 0 })
  finish_time!: number;

  @Column({ type: 'text', default: '' })
  image_url!: string;

  /** SUCCESS, NOT_START, SUBMITTED, IN_PROGRESS, FAILURE, MODAL. */
  @Column({ type: 'varchar', length: 20, default: '' })
  status!: string;

  /** `0%` … `100%`. */
  @Column({ type: 'varchar', length: 30, default: '' })
  progress!: string;

  @Column({ type: 'text', default: '' })
  fail_reason!: string;

  @Column({ type: 'integer', default: 0 })
  channel_id!: number;

  /** Quota charged at submission; refunded when the task fails. */
  @BigIntColumn({ default: 0 })
  quota!: number;

  /** JSON text of the upstream's follow-up buttons. */
  @Column({ type: 'text', default: '' })
  buttons!: string;

  /** JSON text of extra upstream properties. */
  @Column({ type: 'text', default: '' })
  properties!: string;

  /** The request that paid for the task: billing settled it, and refunds it, under this id. */
  @Column({ type: 'varchar', length: 128, default: '' })
  request_id!: string;

  /** The token the task was charged to (0: none). */
  @Column({ type: 'integer', default: 0 })
  token_id!: number;

  /** The group the task was priced and routed in. */
  @Column({ type: 'varchar', length: 64, default: '' })
  group!: string;

  /** The priced model name (`mj_imagine`, `swap_face`, `suno_music` …). */
  @Column({ type: 'varchar', length: 64, default: '' })
  model_name!: string;

  /** The poller's lease: unix ms before which no replica polls the task again. */
  @BigIntColumn({ default: 0 })
  poll_at!: number;

  /** Set once the refund of a failed task is on the bus (billing applies it once by its id). */
  @Column({ type: 'boolean', default: false })
  refund_sent!: boolean;
}
