import { ChannelEntity, ChannelStatus } from '@modelgate/db';
import type { DataSource } from 'typeorm';

/** The channel columns a test or a balance query reads. */
export type ProbeChannel = Pick<
  ChannelEntity,
  | 'id'
  | 'type'
  | 'key'
  | 'name'
  | 'status'
  | 'base_url'
  | 'other'
  | 'openai_organization'
  | 'model_mapping'
  | 'auto_ban'
  | 'created_time'
  | 'test_model'
  | 'models'
>;

/** Largest value of a PostgreSQL `integer` column (`response_time`). */
const MAX_INTEGER_COLUMN = 2_147_483_647;

const PROBE_COLUMNS = {
  id: true,
  type: true,
  key: true,
  name: true,
  status: true,
  base_url: true,
  other: true,
  openai_organization: true,
  model_mapping: true,
  auto_ban: true,
  created_time: true,
  test_model: true,
  models: true,
} as const satisfies Record<keyof ProbeChannel, true>;

/**
 * Reads channels for probing and writes the runtime columns relay owns (`response_time`,
 * `test_time`, `balance`, `balance_updated_time`). Probes read the database, not the routing
 * snapshot: they are rare admin actions that need columns routing does not keep, and they must
 * see a channel the moment it is saved.
 */
export class ProbeStore {
  constructor(private readonly dataSource: DataSource) {}

  private get channels() {
    return this.dataSource.getRepository(ChannelEntity);
  }

  /** One channel, whatever its status; undefined when there is none. */
  async find(id: number): Promise<ProbeChannel | undefined> {
    return (await this.channels.findOne({ select: PROBE_COLUMNS, where: { id } })) ?? undefined;
  }

  /** Every channel, by id. */
  async all(): Promise<ProbeChannel[]> {
    return this.channels.find({ select: PROBE_COLUMNS, order: { id: 'ASC' } });
  }

  /** The enabled channels, by id. */
  async enabled(): Promise<ProbeChannel[]> {
    return this.channels.find({ select: PROBE_COLUMNS, where: { status: ChannelStatus.Enabled }, order: { id: 'ASC' } });
  }

  /** Records a test: how long it took (ms) and when it ran (unix seconds). */
  async recordTest(id: number, responseTimeMs: number, testedAt: number): Promise<void> {
    const stored = Math.min(Math.max(0, Math.round(responseTimeMs)), MAX_INTEGER_COLUMN);
    await this.channels.update({ id }, { response_time: stored, test_time: testedAt });
  }

  /** Records a balance read at `readAt` (unix seconds). */
  async recordBalance(id: number, balance: number, readAt: number): Promise<void> {
    await this.channels.update({ id }, { balance, balance_updated_time: readAt });
  }
}
