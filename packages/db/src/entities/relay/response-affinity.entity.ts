import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * Which channel created a response of OpenAI's Responses API (`response_affinities`), written by
 * the relay behind the request in batches and read when a replica does not have the id in memory:
 * a follow-up naming `previous_response_id`, and the retrieve, delete, cancel and input-items
 * calls of an id, must reach the channel (and so the key) that holds the response upstream. Rows
 * older than the upstream's retention (30 days) are pruned by the relay.
 */
@Entity({ name: 'response_affinities' })
@Index('idx_response_affinities_created_at', ['created_at'])
export class ResponseAffinityEntity {
  /** The upstream's response id (`resp_…`). */
  @PrimaryColumn({ type: 'varchar', length: 191, primaryKeyConstraintName: 'pk_response_affinities' })
  response_id!: string;

  /** The channel that created it. */
  @Column({ type: 'integer' })
  channel_id!: number;

  /**
   * Which of the channel's keys created it. A channel holds one key (a multi-line key makes one
   * channel per line), so this is 0; kept so the record names a key, not only a channel.
   */
  @Column({ type: 'integer', default: 0 })
  key_index!: number;

  /** The user whose call created it: no other user may reach it through the gateway. */
  @Column({ type: 'integer' })
  user_id!: number;

  /** Unix milliseconds when the response was created. */
  @BigIntColumn()
  created_at!: number;
}
