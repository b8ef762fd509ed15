import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * The routing table (`abilities`): one row per (group, model, channel), derived from a channel's
 * groups and models whenever the channel is written. Channel selection reads the enabled rows of a
 * (group, model) ordered by priority, then picks by weight.
 */
@Entity({ name: 'abilities' })
@Index('idx_abilities_channel_id', ['channel_id'])
@Index('idx_abilities_group_model_enabled_priority', ['group', 'model', 'enabled', 'priority'])
@Index('idx_abilities_tag', ['tag'])
export class AbilityEntity {
  /** Quoted in SQL: a reserved word. */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_abilities' })
  group!: string;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'pk_abilities' })
  model!: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_abilities' })
  channel_id!: number;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @BigIntColumn({ default: 0 })
  priority!: number;

  @Column({ type: 'integer', default: 0 })
  weight!: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  tag!: string | null;
}
