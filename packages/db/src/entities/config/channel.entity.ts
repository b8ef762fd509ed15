import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ChannelSource, ChannelStatus, DEFAULT_GROUP } from '../../constants';
import { BigIntColumn } from '../columns';

/**
 * An upstream provider account (`channels`). The relay writes the runtime columns (status,
 * response and test times, balance), billing writes `used_quota`, and configuration comes from
 * the console's channel admin or, for `source = 'kubernetes'` rows, from the operator.
 */
@Entity({ name: 'channels' })
@Index('idx_channels_name', ['name'])
@Index('idx_channels_tag', ['tag'])
@Index('idx_channels_type', ['type'])
@Index('idx_channels_status', ['status'])
@Index('uq_channels_external_ref', ['external_ref'], { unique: true })
@Check('ck_channels_source', `"source" IN ('console', 'kubernetes')`)
@Check('ck_channels_external_ref', `("source" = 'kubernetes') = ("external_ref" IS NOT NULL AND "external_ref" <> '')`)
export class ChannelEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_channels',
  })
  id!: number;

  /** Provider kind (spec §3 channel types). */
  @Column({ type: 'integer', default: 0 })
  type!: number;

  /** Upstream credential(s); never returned by list or get calls. */
  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  openai_organization!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  test_model!: string | null;

  /** {@link ChannelStatus}. */
  @Column({ type: 'integer', default: ChannelStatus.Enabled })
  status!: number;

  @Column({ type: 'varchar', length: 255, default: '' })
  name!: string;

  @Column({ type: 'integer', default: 0 })
  weight!: number;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  created_time!: number;

  /** Unix seconds of the last test. */
  @BigIntColumn({ default: 0 })
  test_time!: number;

  /** Milliseconds the last test took. */
  @Column({ type: 'integer', default: 0 })
  response_time!: number;

  @Column({ type: 'text', nullable: true, default: '' })
  base_url!: string | null;

  /** Type-specific extra (e.g. API version for Azure-style channels). */
  @Column({ type: 'text', default: '' })
  other!: string;

  /** Remaining upstream balance, in USD or the provider's currency. */
  @Column({ type: 'double precision', default: 0 })
  balance!: number;

  /** Unix seconds. */
  @BigIntColumn({ default: 0 })
  balance_updated_time!: number;

  /** Comma-separated model names. */
  @Column({ type: 'text', default: '' })
  models!: string;

  /** Comma-separated group names. Quoted in SQL: a reserved word. */
  @Column({ type: 'text', default: DEFAULT_GROUP })
  group!: string;

  @BigIntColumn({ default: 0 })
  used_quota!: number;

  /** JSON text: requested model → upstream model. */
  @Column({ type: 'text', nullable: true })
  model_mapping!: string | null;

  /** JSON text: upstream status code → returned status code. */
  @Column({ type: 'varchar', length: 1024, nullable: true, default: '' })
  status_code_mapping!: string | null;

  @BigIntColumn({ default: 0 })
  priority!: number;

  /** 1: the relay may disable the channel automatically; 0: never. */
  @Column({ type: 'integer', default: 1 })
  auto_ban!: number;

  /** JSON text with status_reason and status_time. */
  @Column({ type: 'text', default: '' })
  other_info!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  tag!: string | null;

  /** JSON text of type-specific settings. */
  @Column({ type: 'text', nullable: true })
  setting!: string | null;

  /** JSON text merged into every upstream request body. */
  @Column({ type: 'text', nullable: true })
  param_override!: string | null;

  /** Largest prompt the channel accepts, in tokens; 0 for no limit. */
  @Column({ type: 'integer', default: 0 })
  max_input_tokens!: number;

  /** Requests per minute the relay sends the channel (all replicas together); 0 for no cap. */
  @Column({ type: 'integer', default: 0 })
  max_rpm!: number;

  /** Tokens (prompt + completion) per minute the channel may use; 0 for no cap. */
  @Column({ type: 'integer', default: 0 })
  max_tpm!: number;

  /** Requests in flight at once per relay replica; 0 for no cap. More wait in a bounded queue. */
  @Column({ type: 'integer', default: 0 })
  max_concurrency!: number;

  /** {@link ChannelSource}: who owns the configuration columns. */
  @Column({ type: 'varchar', length: 16, default: ChannelSource.Console })
  source!: ChannelSource;

  /**
   * Who manages the row from outside the console: `k8s:<namespace>/<name>` of a Kubernetes
   * `Channel` resource; null for console channels (the check ties it to `source`). Such rows are
   * written only through `@modelgate/channels`' external entry point; the console may just
   * enable or disable them.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  external_ref!: string | null;
}
