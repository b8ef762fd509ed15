import { parseOption } from '@modelgate/contracts/options';
import { BUS_REGISTRY, type ModelgateBusRegistry } from '@modelgate/contracts/bus';
import { ChannelStatus } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { createInProcessBus, createLogger, type InProcessBus } from '@modelgate/runtime';
import { OutboundPolicy } from '@modelgate/runtime/outbound';
import { ProbeStore } from '../channel-probe/probe-store';
import { createUpstreamClient, type UpstreamClient } from '../pipeline/upstream-client';
import { createChannelDisabler, withStatusInfo } from '../state/channel-disabler';
import { DisabledChannelRecovery } from './disabled-channel-recovery';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'recovery-test', level: 'silent' });
const COOLDOWN_MS = 30_000;

describe('DisabledChannelRecovery', () => {
  let database: MigratedTestDatabase;
  let bus: InProcessBus<ModelgateBusRegistry>;
  let fake: FakeUpstream;
  let upstream: UpstreamClient;
  let recovery: DisabledChannelRecovery;

  /** A channel disabled `secondsAgo` ago, for a passing cause or not. */
  const disabledChannel = async (key: string, secondsAgo: number, transient: boolean) => {
    const otherInfo = withStatusInfo('', 'a reason', Math.floor(Date.now() / 1000) - secondsAgo, transient);
    const rows: Array<{ id: number }> = await database.dataSource.query(
      `INSERT INTO channels (type, name, key, status, base_url, models, other_info) VALUES (1, 'c', $1, $2, $3, 'gpt-4o-mini', $4) RETURNING id`,
      [key, ChannelStatus.AutoDisabled, fake.url, otherInfo],
    );
    return Number(rows[0]!.id);
  };
  const statusOf = async (id: number) =>
    Number((await database.dataSource.query('SELECT status FROM channels WHERE id = $1', [id]))[0].status);
  const testsOf = (key: string) => fake.requests.filter((r) => r.apiKey === key).length;

  beforeAll(async () => {
    [database, fake] = await Promise.all([createTestDatabase(), startFakeUpstream()]);
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    const outbound = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
    upstream = createUpstreamClient({ connectTimeoutMs: 2_000, responseTimeoutMs: 0, idleTimeoutMs: 0, connectionsPerOrigin: 4, outbound });
    recovery = new DisabledChannelRecovery({
      dataSource: database.dataSource,
      store: new ProbeStore(database.dataSource),
      tester: { upstream, timeoutMs: 5_000 },
      // A threshold of 1 s (ChannelDisableThreshold).
      options: { value: (key) => parseOption(key, key === 'ChannelDisableThreshold' ? '1' : ''), autoDisable: () => ({ enabled: true, keywords: [] }) },
      disabler: createChannelDisabler({ dataSource: database.dataSource, bus, store: { markDisabled: () => undefined }, logger }),
      logger,
      cooldownMs: COOLDOWN_MS,
      maxCooldownMs: 4 * COOLDOWN_MS,
    });
  });
  afterAll(async () => {
    await recovery?.stop();
    await upstream?.close();
    await fake?.close();
    await bus?.close();
    await database?.drop();
  });

  it('enables a channel disabled for slowness once it answers in time, after its cool-down, and leaves fatal causes alone', async () => {
    const slow = await disabledChannel('sk-slow', 60, true);
    const waiting = await disabledChannel('sk-waiting', 5, true); // disabled 5 s ago: its 30 s are not over
    const fatal = await disabledChannel('sk-fatal', 60, false);

    // Still slow: tested, kept disabled, and its next test waits twice as long.
    fake.program({ apiKey: 'sk-slow' }, { latencyMs: 1_300 }, { times: 1 });
    const now = Date.now();
    await recovery.sweep(now);
    expect([testsOf('sk-slow'), testsOf('sk-waiting'), testsOf('sk-fatal')]).toEqual([1, 0, 0]);
    expect(await statusOf(slow)).toBe(ChannelStatus.AutoDisabled);
    await recovery.sweep(now + 2 * COOLDOWN_MS - 1_000);
    expect(testsOf('sk-slow')).toBe(1);

    // Fast again: the next due test enables it (status, abilities and reason through the disabler).
    await recovery.sweep(now + 2 * COOLDOWN_MS);
    expect(testsOf('sk-slow')).toBe(2);
    expect(await statusOf(slow)).toBe(ChannelStatus.Enabled);
    const [row] = await database.dataSource.query('SELECT other_info FROM channels WHERE id = $1', [slow]);
    expect(JSON.parse(row.other_info)).not.toHaveProperty('status_reason');
    // The other one's wait is over too by then; the fatal one is never probed.
    expect(await statusOf(waiting)).toBe(ChannelStatus.Enabled);
    expect(testsOf('sk-fatal')).toBe(0);
    expect(await statusOf(fatal)).toBe(ChannelStatus.AutoDisabled);
  });
});
