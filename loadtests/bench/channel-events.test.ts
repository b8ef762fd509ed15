import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { ChannelStatus } from '@modelgate/db';
import { createLogger, createNatsBus, type NatsBus } from '@modelgate/runtime';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { blockedMsOf, measureChannelEvents } from './channel-events';

describe('blockedMsOf', () => {
  it("takes the monitor's 10 ms period off the longest delay, never below 0", () => {
    expect(blockedMsOf('nodejs_eventloop_lag_max_seconds{service="relay"} 0.0375\n')).toBeCloseTo(27.5);
    expect(blockedMsOf('nodejs_eventloop_lag_max_seconds 0.004\n')).toBe(0);
    expect(() => blockedMsOf('nodejs_eventloop_lag_seconds 0.1\n')).toThrow(/nodejs_eventloop_lag_max_seconds/);
  });
});

/**
 * A stand-in for the relay on real PostgreSQL and NATS: it applies each `channel.changed` by
 * counting the disabled channels in the database, as the relay's snapshot would, and its metrics
 * page reports a longest event-loop delay the test sets per event.
 */
describe('measureChannelEvents', () => {
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const natsNamespace = `bench${randomBytes(4).toString('hex')}`;
  const logger = createLogger({ service: 'test', level: 'silent' });
  let database: MigratedTestDatabase;
  let bus: NatsBus<typeof BUS_REGISTRY>;
  let server: Server;
  let metricsUrl = '';
  let disabled = 0;
  let lagS = 0.011;
  /** Collections' pauses so far: each event adds 2 ms (named) or 5 ms (naming none). */
  let gcS = 0;
  const events: Array<{ channelIds: number[]; disabledSeen: number }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.dataSource.query(
      `INSERT INTO channels (type, key, status, name, weight, created_time, base_url, models, "group", priority, auto_ban)
       SELECT 1, 'sk-x', 1, 'scale ' || g, 0, 0, 'http://127.0.0.1:1', '', 'default', 0, 0 FROM generate_series(1, 3) g`,
    );
    bus = await createNatsBus({ registry: BUS_REGISTRY, url: natsUrl, namespace: natsNamespace, logger });
    await bus.subscribe('modelgate.evt.config.channel.changed', async (message) => {
      const [row] = (await database.dataSource.query('SELECT count(*)::int AS n FROM channels WHERE status <> $1', [ChannelStatus.Enabled])) as Array<{
        n: number;
      }>;
      disabled = row!.n;
      events.push({ channelIds: message.payload.channelIds, disabledSeen: disabled });
      lagS = message.payload.channelIds.length > 0 ? 0.025 : 0.042;
      gcS += message.payload.channelIds.length > 0 ? 0.002 : 0.005;
    });
    server = createServer((_req, res) => {
      res.end(
        `nodejs_eventloop_lag_max_seconds ${lagS}\nnodejs_gc_duration_seconds_sum{kind="major"} ${gcS}\n` +
          `modelgate_relay_channels{state="enabled"} ${3 - disabled}\nmodelgate_relay_channels{state="disabled"} ${disabled}\n`,
      );
      lagS = 0.011;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    metricsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });

  afterAll(async () => {
    await bus?.close();
    await new Promise((resolve) => server?.close(resolve));
    await database?.drop();
  });

  it('disables the channel behind an event naming it, enables it behind one naming none, each round, and reads each hold', async () => {
    const stalls = await measureChannelEvents({ metricsUrl, databaseUrl: database.url, natsUrl, natsNamespace, channelName: 'scale 2' }, 2);

    const [{ id }] = (await database.dataSource.query(`SELECT id FROM channels WHERE name = 'scale 2'`)) as Array<{ id: number }>;
    expect(events).toEqual([
      { channelIds: [id], disabledSeen: 1 },
      { channelIds: [], disabledSeen: 0 },
      { channelIds: [id], disabledSeen: 1 },
      { channelIds: [], disabledSeen: 0 },
    ]);
    expect(stalls.idle.map((stall) => [stall.blockedMs, stall.gcMs])).toEqual([
      [expect.closeTo(1), 0],
      [expect.closeTo(1), 0],
    ]);
    expect(stalls.idle[0]!.appliedMs).toBeGreaterThan(900);
    expect(stalls.namedEvents.map((stall) => [stall.blockedMs, stall.gcMs])).toEqual([
      [expect.closeTo(15), expect.closeTo(2)],
      [expect.closeTo(15), expect.closeTo(2)],
    ]);
    expect(stalls.unnamedEvents.map((stall) => [stall.blockedMs, stall.gcMs])).toEqual([
      [expect.closeTo(32), expect.closeTo(5)],
      [expect.closeTo(32), expect.closeTo(5)],
    ]);
    expect(stalls.namedEvents[0]!.appliedMs).toBeGreaterThan(0);
    const statuses = (await database.dataSource.query(`SELECT status FROM channels ORDER BY id`)) as Array<{ status: number }>;
    expect(statuses.map((row) => row.status)).toEqual([1, 1, 1]);
  });

  it('names the channel it cannot find', async () => {
    await expect(measureChannelEvents({ metricsUrl, databaseUrl: database.url, natsUrl, natsNamespace, channelName: 'none such' }, 1)).rejects.toThrow(
      /no channel named 'none such'/,
    );
  });
});
