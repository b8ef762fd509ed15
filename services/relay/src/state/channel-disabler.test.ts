import {
  BUS_REGISTRY,
  type ChannelChanged,
  type MessageBus,
  type ModelgateBusRegistry,
} from '@modelgate/contracts/bus';
import { ChannelStatus } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger, type InProcessBus, type Subscription } from '@modelgate/runtime';
import { createChannelDisabler, withoutStatusReason, withStatusInfo } from './channel-disabler';
import { ChannelStore } from './channel-store';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'channel-disabler-test', level: 'silent' });

describe('withStatusInfo', () => {
  it('keeps the other keys of a JSON object and sets the reason and time', () => {
    expect(JSON.parse(withStatusInfo('{"a":1,"status_reason":"old"}', 'bad key', 1_700_000_000))).toEqual({
      a: 1,
      status_reason: 'bad key',
      status_time: 1_700_000_000,
    });
  });

  it('marks a passing cause, and drops the mark of an earlier one when the new cause is not', () => {
    const transient = withStatusInfo('{"a":1}', 'slow', 7, true);
    expect(JSON.parse(transient)).toEqual({ a: 1, status_reason: 'slow', status_time: 7, status_transient: true });
    expect(JSON.parse(withStatusInfo(transient, 'bad key', 8))).toEqual({ a: 1, status_reason: 'bad key', status_time: 8 });
    expect(JSON.parse(withoutStatusReason(transient, 9))).toEqual({ a: 1, status_time: 9 });
  });

  it.each(['', 'not json', '[1,2]', 'null', '"text"', '42', null])('starts over from %p', (otherInfo) => {
    expect(JSON.parse(withStatusInfo(otherInfo, 'r', 5))).toEqual({ status_reason: 'r', status_time: 5 });
  });
});

describe('withoutStatusReason', () => {
  it('drops the reason, keeps the other keys and sets the time', () => {
    expect(JSON.parse(withoutStatusReason('{"a":1,"status_reason":"old","status_time":3}', 9))).toEqual({ a: 1, status_time: 9 });
  });

  it.each(['', 'not json', '[1]', null])('starts over from %p', (otherInfo) => {
    expect(JSON.parse(withoutStatusReason(otherInfo, 5))).toEqual({ status_time: 5 });
  });
});

describe('createChannelDisabler', () => {
  let database: MigratedTestDatabase;
  let bus: InProcessBus<ModelgateBusRegistry>;
  let store: ChannelStore;
  let subscription: Subscription;
  const events: ChannelChanged[] = [];

  const addChannel = async (otherInfo = '', status: number = ChannelStatus.Enabled): Promise<number> => {
    const rows: Array<{ id: number }> = await database.dataSource.query(
      `INSERT INTO channels (name, key, status, other_info) VALUES ('c', 'sk-up', $1, $2) RETURNING id`,
      [status, otherInfo],
    );
    const id = rows[0]!.id;
    for (const group of ['default', 'vip']) {
      await database.dataSource.query(
        `INSERT INTO abilities ("group", model, channel_id, enabled) VALUES ($1, 'gpt-4o', $2, true)`,
        [group, id],
      );
    }
    await store.reload();
    return id;
  };
  const channelRow = async (id: number) => {
    const rows: Array<{ status: number; other_info: string }> = await database.dataSource.query(
      'SELECT status, other_info FROM channels WHERE id = $1',
      [id],
    );
    return rows[0]!;
  };
  const enabledAbilities = async (id: number) => {
    const rows: Array<{ n: number }> = await database.dataSource.query(
      'SELECT count(*)::int AS n FROM abilities WHERE channel_id = $1 AND enabled',
      [id],
    );
    return rows[0]!.n;
  };
  const eventsFor = (id: number) => events.filter((event) => event.channelIds.includes(id));
  /** Lets the in-process bus deliver what was published. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    // No bus for the store: only `markDisabled` can change its snapshot in these tests.
    store = new ChannelStore({ dataSource: database.dataSource, logger, fullReloadIntervalMs: 0 });
    await store.start();
    subscription = await bus.subscribe('modelgate.evt.config.channel.changed', (m) => {
      events.push(m.payload);
    });
  });
  afterAll(async () => {
    await subscription?.unsubscribe();
    await store?.stop();
    await bus?.close();
    await database?.drop();
  });
  afterEach(() => jest.restoreAllMocks());

  it('disables the channel and its abilities, records why and when, and announces it once', async () => {
    const id = await addChannel('{"keep":"me"}');
    const disabler = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
    const before = Math.floor(Date.now() / 1000);

    await expect(disabler.disable(id, 'invalid api key')).resolves.toBe(true);
    // This replica stops routing to it before any event round-trip.
    expect(store.snapshot().channel(id)?.enabled).toBe(false);
    expect(store.snapshot().tiers('default', 'gpt-4o')).toEqual([]);
    expect(store.models('')).not.toContain('gpt-4o');

    const row = await channelRow(id);
    expect(row.status).toBe(ChannelStatus.AutoDisabled);
    const info = JSON.parse(row.other_info) as Record<string, unknown>;
    expect(info).toMatchObject({ keep: 'me', status_reason: 'invalid api key' });
    expect(info.status_time).toBeGreaterThanOrEqual(before);
    expect(info.status_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(await enabledAbilities(id)).toBe(0);

    await expect(disabler.disable(id, 'again')).resolves.toBe(false);
    expect(JSON.parse((await channelRow(id)).other_info)).toMatchObject({ status_reason: 'invalid api key' });
    await settle();
    expect(eventsFor(id)).toEqual([{ channelIds: [id], reason: 'auto-disabled' }]);
  });

  it('replaces other_info that is empty or not a JSON object', async () => {
    const disabler = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
    for (const otherInfo of ['', '{broken', '["x"]']) {
      const id = await addChannel(otherInfo);
      await expect(disabler.disable(id, 'quota')).resolves.toBe(true);
      expect(Object.keys(JSON.parse((await channelRow(id)).other_info)).sort()).toEqual(['status_reason', 'status_time']);
    }
  });

  it('leaves a channel alone that is not enabled', async () => {
    const id = await addChannel('{"status_reason":"admin"}', ChannelStatus.ManuallyDisabled);
    const disabler = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
    await expect(disabler.disable(id, 'quota')).resolves.toBe(false);
    await expect(disabler.disable(987_654, 'quota')).resolves.toBe(false);
    expect(await channelRow(id)).toEqual({ status: ChannelStatus.ManuallyDisabled, other_info: '{"status_reason":"admin"}' });
    expect(await enabledAbilities(id)).toBe(2);
    await settle();
    expect(eventsFor(id)).toEqual([]);
  });

  it('runs concurrent calls for one channel as one write; exactly one call reports the change', async () => {
    const id = await addChannel();
    const counted: number[] = [];
    const events = { disabled: (channelId: number) => counted.push(channelId), enabled: () => undefined };
    const disabler = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger, events });
    const transaction = jest.spyOn(database.dataSource, 'transaction');
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => disabler.disable(id, `failure ${i}`)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results[0]).toBe(true);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(JSON.parse((await channelRow(id)).other_info)).toMatchObject({ status_reason: 'failure 0' });
    await settle();
    expect(eventsFor(id)).toHaveLength(1);
    // The metrics count the change once too.
    expect(counted).toEqual([id]);
  });

  it('only one of two replicas records the disable', async () => {
    const id = await addChannel();
    const replicaA = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
    const replicaB = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
    const results = await Promise.all([replicaA.disable(id, 'a'), replicaB.disable(id, 'b')]);
    expect(results.sort()).toEqual([false, true]);
    await settle();
    expect(eventsFor(id)).toHaveLength(1);
  });

  it('still takes the channel out locally when the event cannot be published, and rejects', async () => {
    const id = await addChannel();
    const brokenBus = { publish: jest.fn().mockRejectedValue(new Error('bus down')) } as unknown as MessageBus;
    const markDisabled = jest.fn();
    const disabler = createChannelDisabler({ dataSource: database.dataSource, bus: brokenBus, store: { markDisabled }, logger });
    await expect(disabler.disable(id, 'quota')).rejects.toThrow('bus down');
    expect(markDisabled).toHaveBeenCalledWith(id);
    expect((await channelRow(id)).status).toBe(ChannelStatus.AutoDisabled);
  });

  it('rejects and changes nothing when the database write fails', async () => {
    const id = await addChannel();
    const markDisabled = jest.fn();
    const disabler = createChannelDisabler({ dataSource: database.dataSource, bus, store: { markDisabled }, logger });
    jest.spyOn(database.dataSource, 'transaction').mockRejectedValueOnce(new Error('connection lost'));
    await expect(disabler.disable(id, 'quota')).rejects.toThrow('connection lost');
    expect(markDisabled).not.toHaveBeenCalled();
    expect((await channelRow(id)).status).toBe(ChannelStatus.Enabled);
    await expect(disabler.disable(id, 'quota')).resolves.toBe(true);
  });

  describe('enable', () => {
    const autoDisabledChannel = async () => {
      const id = await addChannel('{"status_reason":"invalid api key","status_time":1,"keep":"me"}', ChannelStatus.AutoDisabled);
      await database.dataSource.query('UPDATE abilities SET enabled = false WHERE channel_id = $1', [id]);
      return id;
    };

    it('enables an auto-disabled channel and its abilities, clears the reason, and announces it once', async () => {
      const id = await autoDisabledChannel();
      const disabler = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
      const before = Math.floor(Date.now() / 1000);
      await expect(disabler.enable(id)).resolves.toBe(true);
      const row = await channelRow(id);
      expect(row.status).toBe(ChannelStatus.Enabled);
      const info = JSON.parse(row.other_info) as Record<string, unknown>;
      expect(info).toEqual({ keep: 'me', status_time: expect.any(Number) });
      expect(info.status_time).toBeGreaterThanOrEqual(before);
      expect(await enabledAbilities(id)).toBe(2);
      await expect(disabler.enable(id)).resolves.toBe(false);
      await settle();
      expect(eventsFor(id)).toEqual([{ channelIds: [id], reason: 'auto-enabled' }]);
    });

    it('never enables a channel disabled by hand, an enabled one or a missing one', async () => {
      const manual = await addChannel('{"status_reason":"admin"}', ChannelStatus.ManuallyDisabled);
      const enabled = await addChannel();
      const disabler = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
      for (const id of [manual, enabled, 987_655]) await expect(disabler.enable(id)).resolves.toBe(false);
      expect(await channelRow(manual)).toEqual({ status: ChannelStatus.ManuallyDisabled, other_info: '{"status_reason":"admin"}' });
      await settle();
      expect([...eventsFor(manual), ...eventsFor(enabled)]).toEqual([]);
    });

    it('lets exactly one of two concurrent enables report the change', async () => {
      const id = await autoDisabledChannel();
      const replicaA = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
      const replicaB = createChannelDisabler({ dataSource: database.dataSource, bus, store, logger });
      expect((await Promise.all([replicaA.enable(id), replicaB.enable(id)])).sort()).toEqual([false, true]);
      await settle();
      expect(eventsFor(id)).toHaveLength(1);
    });
  });
});
