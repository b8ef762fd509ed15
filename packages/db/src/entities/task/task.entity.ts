import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * An asynchronous music or lyrics task (`tasks`, platform `suno`), polled until it finishes.
 * Written by the task service. Times are unix seconds.
 */
@Entity({ name: 'tasks' })
@Index('idx_tasks_user_id', ['user_id'])
@Index('idx_tasks_channel_id', ['channel_id'])
@Index('idx_tasks_submit_time', ['submit_time'])
@Index('idx_tasks_task_id', ['task_id'])
@Index('idx_tasks_action', ['action'])
@Index('idx_tasks_status', ['status'])
// The poller's indexes (migration TaskPolling1796100000000): one submission per request, the due
// unfinished tasks, and failed tasks whose refund is still to be sent.
@Index('uq_tasks_request_id', ['request_id'], { unique: true, where: `"request_id" <> ''` })
@Index('idx_tasks_unfinished_poll_at', ['poll_at'], { where: `"status" NOT IN ('SUCCESS', 'FAILURE')` })
@Index('idx_tasks_refund_pending', ['id'], { where: `"status" = 'FAILURE' AND NOT "refund_sent"` })
export class TaskEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_tasks',
  })
  id!: number;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  created_at!: number;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  updated_at!: number;

  /** The upstream task id. */
  @Column({ type: 'varchar', length: 255, default: '' })
  task_id!: string;

  @Column({ type: 'varchar', length: 30, default: '' })
  platform!: string;

  @Column({ type: 'integer', default: 0 })
  user_id!: number;

  @Column({ type: 'integer', default: 0 })
  channel_id!: number;

  /** Quota charged at submission; refunded when the task fails. */
  @BigIntColumn({ default: 0 })
  quota!: number;

  /** MUSIC or LYRICS. */
  @Column({ type: 'varchar', length: 40, default: '' })
  action!: string;

  /** NOT_START, SUBMITTED, QUEUED, IN_PROGRESS, FAILURE, SUCCESS, UNKNOWN, or empty. */
  @Column({ type: 'varchar', length: 20, default: '' })
  status!: string;

  @Column({ type: 'text', default: '' })
  fail_reason!: string;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  submit_time!: number;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  start_time!: number;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  finish_time!: number;

  /** Progress text such as `50%`. */
  @Column({ type: 'varchar', length: 20, default: '' })
  progress!: string;

  /** The submitted input (`{input}`). */
  @Column({ type: 'jsonb', nullable: true })
  properties!: Record<string, unknown> | null;

  /** The latest raw upstream payload. */
  @Column({ type: 'jsonb', nullable: true })
  data!: unknown;

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
