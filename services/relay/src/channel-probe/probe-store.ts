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
> &
  /** Its extra settings: a test connects as the channel's calls do (its own cap, HTTP/2). */
  Partial<Pick<ChannelEntity, 'setting'>>;

/**
 * The last test of a channel as kept in its `other_info.last_test`, for the console's list: whether
 * it passed, the provider's reason when it did not, the model tried and when (unix seconds).
 */
export interface LastTest {
  success: boolean;
  message: string;
  model: string;
  time: number;
}

/** Longest failure reason kept with a channel (a provider may answer a whole HTML page). */
export const MAX_TEST_MESSAGE_LENGTH = 500;

/**
 * `other_info` with `last_test` set, other keys kept (the disable reason among them); anything
 * that is not a JSON object is replaced by a fresh object.
 */
export function withLastTest(otherInfo: string | null | undefined, test: LastTest): string {
  let info: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(otherInfo ?? '');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) info = parsed as Record<string, unknown>;
  } catch {
    // Empty or not JSON: start over.
  }
  const message = test.message.length > MAX_TEST_MESSAGE_LENGTH ? `${test.message.slice(0, MAX_TEST_MESSAGE_LENGTH - 1)}…` : test.message;
  return JSON.stringify({ ...info, last_test: { ...test, message } });
}

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
  setting: true,
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

  /**
   * Records a test: how long it took (ms), when it ran (unix seconds) and, when given, how it went
   * (`other_info.last_test`, so the list shows a failed test as such). The row is locked while its
   * `other_info` is rewritten, as the auto-disable writer does, so neither loses the other's keys.
   */
  async recordTest(id: number, responseTimeMs: number, testedAt: number, result?: Omit<LastTest, 'time'>): Promise<void> {
    const stored = Math.min(Math.max(0, Math.round(responseTimeMs)), MAX_INTEGER_COLUMN);
    if (!result) {
      await this.channels.update({ id }, { response_time: stored, test_time: testedAt });
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const rows: Array<{ other_info: string | null }> = await manager.query('SELECT other_info FROM channels WHERE id = $1 FOR UPDATE', [id]);
      if (rows.length === 0) return;
      const otherInfo = withLastTest(rows[0]!.other_info, { ...result, time: testedAt });
      await manager.query('UPDATE channels SET response_time = $2, test_time = $3, other_info = $4 WHERE id = $1', [
        id,
        stored,
        testedAt,
        otherInfo,
      ]);
    });
  }

  /** Records a balance read at `readAt` (unix seconds). */
  async recordBalance(id: number, balance: number, readAt: number): Promise<void> {
    await this.channels.update({ id }, { balance, balance_updated_time: readAt });
  }
}
