import { BUS_REGISTRY, type UsageRecord } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { ReservationStore } from './reservation-store';
import { settleUsage } from './settlement';
import { startSettlementConsumer } from './settlement-consumer';
import { createAccount, readBalances, usageRecord, waitFor } from './test-fixtures.test-support';

jest.setTimeout(60_000);

type Ids = { userId: number; tokenId: number; channelId: number };

/** Sum and count of the consume logs of a user. */
async function logTotals(dataSource: DataSource, userId: number): Promise<{ sum: number; count: number }> {
  const [row] = (await dataSource.query(
    `SELECT COALESCE(sum(quota), 0) AS sum, count(*)::int AS count FROM logs WHERE user_id = $1 AND type = 2`,
    [userId],
  )) as Array<{ sum: string; count: number }>;
  return { sum: Number(row!.sum), count: row!.count };
}

describe('settleUsage', () => {
  let database: MigratedTestDatabase;
  let store: ReservationStore;
  const reserve = (requestId: string, ids: Ids, amount: number) =>
    store.reserve({ requestId, userId: ids.userId, tokenId: ids.tokenId, amount, tokenUnlimited: false });

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new ReservationStore(database.dataSource);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('refunds an over-reservation and records the log, the counters and the hourly aggregate', async () => {
    const ids = await createAccount(database.dataSource, { name: 'refund', quota: 1_000, tokenRemain: 500 });
    await reserve('refund-1', ids, 100);
    expect(await settleUsage(database.dataSource, usageRecord('refund-1', ids, 60))).toEqual({
      settled: true,
      reserved: 100,
      delta: -40,
    });
    expect(await readBalances(database.dataSource, ids)).toEqual({
      userQuota: 940,
      userUsed: 60,
      requestCount: 1,
      tokenRemain: 440,
      tokenUsed: 60,
      channelUsed: 60,
    });
    const logs = (await database.dataSource.query(
      `SELECT type, quota, username, token_name, model_name, content, use_time, other, request_id, created_at
         FROM logs WHERE user_id = $1`,
      [ids.userId],
    )) as unknown[];
    expect(logs).toEqual([
      {
        type: 2,
        quota: '60',
        username: 'refund',
        token_name: 'refund-token',
        model_name: 'gpt-4o-mini',
        content: '模型倍率 0.075，补全倍率 4，分组倍率 1',
        use_time: 2,
        other: '{"frt":120}',
        request_id: 'refund-1',
        created_at: '1790000000',
      },
    ]);
    const hourly = (await database.dataSource.query(
      `SELECT created_at, token_used, count, quota FROM quota_data WHERE user_id = $1`,
      [ids.userId],
    )) as unknown[];
    expect(hourly).toEqual([{ created_at: String(1_790_000_000 - (1_790_000_000 % 3600)), token_used: '15', count: 1, quota: '60' }]);
  });

  it('words the consume log from the figures a record carries, and keeps a text a record brings', async () => {
    const ids = await createAccount(database.dataSource, { name: 'worded', quota: 1_000, tokenRemain: 500 });
    const { content: _text, ...fixture } = usageRecord('worded-1', ids, 60);
    const figures = { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1.5, model_price: -1, frt: 120 };
    const records: UsageRecord[] = [
      // A relay's records: the figures and notes, no text.
      { ...fixture, other: figures },
      { ...fixture, requestId: 'worded-2', other: figures, zeroTokens: true, usageEstimated: true },
      { ...fixture, requestId: 'worded-3', model: 'gpt-4-gizmo-*', requestedModel: 'gpt-4-gizmo-g-1', other: { ...figures, model_price: 0.1, model_ratio: 0 } },
      // A relay of the previous version words its own text; a task submission too, with other figures.
      { ...fixture, requestId: 'worded-4', other: figures, content: '模型倍率 0.075，补全倍率 4，分组倍率 1.5' },
      { ...fixture, requestId: 'worded-5', other: { task_id: 't-1', model_price: 0.1, group_ratio: 1 }, content: 'per-call price $0.1, group ratio 1, task IMAGINE t-1' },
      // Neither figures nor a text: an empty text, as before.
      { ...fixture, requestId: 'worded-6', other: { frt: 1 } },
    ];
    for (const record of records) await settleUsage(database.dataSource, record);
    const logs = (await database.dataSource.query(`SELECT request_id, content, other FROM logs WHERE user_id = $1 ORDER BY request_id`, [
      ids.userId,
    ])) as Array<{ request_id: string; content: string; other: string }>;
    expect(logs.map((log) => [log.request_id, log.content])).toEqual([
      ['worded-1', '模型倍率 0.075，补全倍率 4，分组倍率 1.5'],
      ['worded-2', '模型倍率 0.075，补全倍率 4，分组倍率 1.5（可能是上游超时）, （可能是请求出错）'],
      ['worded-3', '模型价格 0.1，分组倍率 1.5，模型 gpt-4-gizmo-g-1'],
      ['worded-4', '模型倍率 0.075，补全倍率 4，分组倍率 1.5'],
      ['worded-5', 'per-call price $0.1, group ratio 1, task IMAGINE t-1'],
      ['worded-6', ''],
    ]);
    // The notes word the text; `other` stays the figures alone.
    expect(JSON.parse(logs[1]!.other)).toEqual(figures);
  });

  it('charges the excess when the actual cost exceeds the reservation, and settles unreserved requests in full', async () => {
    const ids = await createAccount(database.dataSource, { name: 'extra', quota: 1_000, tokenRemain: 500 });
    await reserve('extra-1', ids, 50);
    expect(await settleUsage(database.dataSource, usageRecord('extra-1', ids, 80))).toMatchObject({ reserved: 50, delta: 30 });
    expect(await settleUsage(database.dataSource, usageRecord('extra-2', ids, 25))).toMatchObject({ reserved: 0, delta: 25 });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({
      userQuota: 895,
      userUsed: 105,
      requestCount: 2,
      tokenRemain: 395,
      tokenUsed: 105,
      channelUsed: 105,
    });
    const [hourly] = (await database.dataSource.query(`SELECT count, quota FROM quota_data WHERE user_id = $1`, [
      ids.userId,
    ])) as Array<{ count: number; quota: string }>;
    expect(hourly).toEqual({ count: 2, quota: '105' });
  });

  it('charges a redelivered record once', async () => {
    const ids = await createAccount(database.dataSource, { name: 'replay', quota: 1_000, tokenRemain: 500 });
    await reserve('replay-1', ids, 100);
    const record = usageRecord('replay-1', ids, 70);
    const results = await Promise.all([1, 2, 3].map(() => settleUsage(database.dataSource, record)));
    expect(results.filter((r) => r.settled)).toHaveLength(1);
    expect(await settleUsage(database.dataSource, record)).toEqual({ settled: false, reserved: 0, delta: 0 });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 930, tokenUsed: 70, requestCount: 1 });
    expect(await logTotals(database.dataSource, ids.userId)).toEqual({ sum: 70, count: 1 });
  });

  it('changes balances but writes no log when LogConsumeEnabled is false, still charging once', async () => {
    const ids = await createAccount(database.dataSource, { name: 'nolog', quota: 1_000, tokenRemain: 500 });
    await database.dataSource.query(
      `INSERT INTO options (key, value) VALUES ('LogConsumeEnabled', 'false')
       ON CONFLICT (key) DO UPDATE SET value = 'false'`,
    );
    try {
      await reserve('nolog-1', ids, 100);
      await settleUsage(database.dataSource, usageRecord('nolog-1', ids, 40));
      await settleUsage(database.dataSource, usageRecord('nolog-1', ids, 40));
      await settleUsage(database.dataSource, usageRecord('nolog-2', ids, 10));
      await settleUsage(database.dataSource, usageRecord('nolog-2', ids, 10));
    } finally {
      await database.dataSource.query(`UPDATE options SET value = 'true' WHERE key = 'LogConsumeEnabled'`);
    }
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 950, userUsed: 50, requestCount: 2, tokenRemain: 450 });
    expect(await logTotals(database.dataSource, ids.userId)).toEqual({ sum: 0, count: 0 });
  });

  it('charges the full cost of a request whose reservation was released', async () => {
    const ids = await createAccount(database.dataSource, { name: 'late', quota: 1_000, tokenRemain: 500 });
    await reserve('late-1', ids, 100);
    await store.release('late-1');
    expect(await settleUsage(database.dataSource, usageRecord('late-1', ids, 30))).toMatchObject({ settled: true, reserved: 0 });
    expect(await store.release('late-1')).toEqual({ released: false, amount: 0 });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 970, tokenRemain: 470, tokenUsed: 30 });
  });

  it('settles records enqueued while the consumer was stopped once it starts, each exactly once', async () => {
    const logger = createLogger({ service: 'test', level: 'silent' });
    const bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    const ids = await createAccount(database.dataSource, { name: 'queued', quota: 10_000, tokenRemain: 10_000 });
    try {
      const costs = [120, 80, 45, 300, 5];
      for (const [i, cost] of costs.entries()) {
        await reserve(`queued-${i}`, ids, 100);
        await bus.enqueue('modelgate.cmd.billing.usage.settle-batch', { batchId: `queued-${i}`, records: [usageRecord(`queued-${i}`, ids, cost)] });
      }
      // A redelivered copy under another message id passes the bus's de-duplication.
      await bus.enqueue(
        'modelgate.cmd.billing.usage.settle-batch',
        { batchId: 'queued-0-copy', records: [usageRecord('queued-0', ids, 120)] },
        { messageId: 'copy' },
      );
      expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 9_500, requestCount: 0 });

      const consumer = await startSettlementConsumer(bus, database.dataSource, logger);
      await waitFor(async () => (await readBalances(database.dataSource, ids)).requestCount === costs.length);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await consumer.stop();

      const total = costs.reduce((sum, cost) => sum + cost, 0);
      const logs = await logTotals(database.dataSource, ids.userId);
      expect(logs).toEqual({ sum: total, count: costs.length });
      expect(await readBalances(database.dataSource, ids)).toEqual({
        userQuota: 10_000 - logs.sum,
        userUsed: logs.sum,
        requestCount: logs.count,
        tokenRemain: 10_000 - logs.sum,
        tokenUsed: logs.sum,
        channelUsed: logs.sum,
      });
    } finally {
      await bus.close();
    }
  });
});

describe('settleUsage with quota leases', () => {
  let database: MigratedTestDatabase;
  let store: ReservationStore;
  const takeLease = (leaseId: string, ids: Ids, amount: number) =>
    store.reserve({ requestId: leaseId, userId: ids.userId, tokenId: ids.tokenId, amount, tokenUnlimited: false });
  /** A record of a request admitted from `leaseId` with estimate `reserved`. */
  const fromLease = (requestId: string, ids: Ids, quota: number, leaseId: string, reserved: number): UsageRecord => ({
    ...usageRecord(requestId, ids, quota),
    leaseId,
    reserved,
  });
  const leaseRow = async (leaseId: string) => {
    const [row] = (await database.dataSource.query(`SELECT status, amount FROM quota_reservations WHERE request_id = $1`, [
      leaseId,
    ])) as Array<{ status: string; amount: string }>;
    return { status: row!.status, amount: Number(row!.amount) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new ReservationStore(database.dataSource);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('settles records against the lease, whose release then refunds only the rest', async () => {
    const ids = await createAccount(database.dataSource, { name: 'lease', quota: 1_000, tokenRemain: 1_000 });
    await takeLease('lease:a', ids, 300);
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 700, tokenRemain: 700, tokenUsed: 300 });

    expect(await settleUsage(database.dataSource, fromLease('lease-a-1', ids, 40, 'lease:a', 50))).toEqual({
      settled: true,
      reserved: 50,
      delta: -10,
    });
    expect(await settleUsage(database.dataSource, fromLease('lease-a-2', ids, 70, 'lease:a', 50))).toEqual({
      settled: true,
      reserved: 50,
      delta: 20,
    });
    expect(await leaseRow('lease:a')).toEqual({ status: 'reserved', amount: 200 });
    expect(await store.release('lease:a')).toEqual({ released: true, amount: 200 });
    expect(await readBalances(database.dataSource, ids)).toEqual({
      userQuota: 890,
      userUsed: 110,
      requestCount: 2,
      tokenRemain: 890,
      tokenUsed: 110,
      channelUsed: 110,
    });
  });

  it('charges the full quota of a record whose lease was released first', async () => {
    const ids = await createAccount(database.dataSource, { name: 'lease-late', quota: 1_000, tokenRemain: 1_000 });
    await takeLease('lease:b', ids, 100);
    await store.release('lease:b');
    expect(await settleUsage(database.dataSource, fromLease('lease-b-1', ids, 25, 'lease:b', 30))).toEqual({
      settled: true,
      reserved: 0,
      delta: 25,
    });
    expect(await leaseRow('lease:b')).toEqual({ status: 'released', amount: 100 });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 975, tokenRemain: 975, tokenUsed: 25 });
  });

  it('moves a redelivered record out of the lease once', async () => {
    const ids = await createAccount(database.dataSource, { name: 'lease-replay', quota: 1_000, tokenRemain: 1_000 });
    await takeLease('lease:c', ids, 200);
    const record = fromLease('lease-c-1', ids, 30, 'lease:c', 50);
    const results = await Promise.all([1, 2, 3].map(() => settleUsage(database.dataSource, record)));
    expect(results.filter((r) => r.settled)).toEqual([{ settled: true, reserved: 50, delta: -20 }]);
    expect(await settleUsage(database.dataSource, record)).toEqual({ settled: false, reserved: 0, delta: 0 });
    expect(await leaseRow('lease:c')).toEqual({ status: 'reserved', amount: 150 });
    await store.release('lease:c');
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 970, tokenUsed: 30, requestCount: 1 });
    expect(await logTotals(database.dataSource, ids.userId)).toEqual({ sum: 30, count: 1 });
  });

  it('charges exactly the usage whatever the order of settlements and the release', async () => {
    const ids = await createAccount(database.dataSource, { name: 'lease-race', quota: 10_000, tokenRemain: 10_000 });
    await takeLease('lease:d', ids, 1_000);
    const costs = [90, 120, 35, 400, 60, 75];
    await Promise.all([
      ...costs.map((cost, i) => settleUsage(database.dataSource, fromLease(`lease-d-${i}`, ids, cost, 'lease:d', 100))),
      store.release('lease:d'),
    ]);
    const total = costs.reduce((sum, cost) => sum + cost, 0);
    expect(await readBalances(database.dataSource, ids)).toEqual({
      userQuota: 10_000 - total,
      userUsed: total,
      requestCount: costs.length,
      tokenRemain: 10_000 - total,
      tokenUsed: total,
      channelUsed: total,
    });
  });

  it('never draws more than is left in the lease, nor from a lease of another account', async () => {
    const ids = await createAccount(database.dataSource, { name: 'lease-short', quota: 1_000, tokenRemain: 1_000 });
    const other = await createAccount(database.dataSource, { name: 'lease-other', quota: 1_000, tokenRemain: 1_000 });
    await takeLease('lease:e', ids, 40);
    expect(await settleUsage(database.dataSource, fromLease('lease-e-1', other, 30, 'lease:e', 30))).toMatchObject({
      reserved: 0,
      delta: 30,
    });
    expect(await settleUsage(database.dataSource, fromLease('lease-e-2', ids, 50, 'lease:e', 60))).toMatchObject({
      reserved: 40,
      delta: 10,
    });
    expect(await leaseRow('lease:e')).toEqual({ status: 'reserved', amount: 0 });
    expect(await store.release('lease:e')).toEqual({ released: true, amount: 0 });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 950, tokenRemain: 950 });
    expect(await readBalances(database.dataSource, other)).toMatchObject({ userQuota: 970, tokenRemain: 970 });
  });
});
