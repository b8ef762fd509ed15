import { BUS_REGISTRY, type UsageRefund } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger } from '@modelgate/runtime';
import { ReservationStore } from './reservation-store';
import { refundUsage, RequestNotSettledError, startRefundConsumer } from './refund';
import { settleUsage } from './settlement';
import { createAccount, readBalances, usageRecord, waitFor } from './test-fixtures.test-support';

jest.setTimeout(60_000);

describe('refundUsage', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const refundOf = (requestId: string, ids: { userId: number; tokenId: number; channelId: number }, quota: number): UsageRefund => ({
    refundId: `refund:${requestId}`,
    requestId,
    ...ids,
    model: 'mj_imagine',
    group: 'default',
    quota,
    content: 'drawing task 17 failed: refunded',
    other: '{"refund":{"task":"midjourney","upstream_id":"17"}}',
    createdAt: 1_800_000_000,
  });

  it('gives back everything a settled request moved, once, with a refund log row', async () => {
    const ids = await createAccount(database.dataSource, { name: 'task-refund', quota: 1_000, tokenRemain: 500 });
    await new ReservationStore(database.dataSource).reserve({ requestId: 'task-1', ...ids, amount: 100, tokenUnlimited: false });
    await settleUsage(database.dataSource, usageRecord('task-1', ids, 100));
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 900, tokenRemain: 400, requestCount: 1, channelUsed: 100 });

    const results = await Promise.all([1, 2, 3].map(() => refundUsage(database.dataSource, refundOf('task-1', ids, 100))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await readBalances(database.dataSource, ids)).toEqual({
      userQuota: 1_000,
      userUsed: 0,
      requestCount: 0,
      tokenRemain: 500,
      tokenUsed: 0,
      channelUsed: 0,
    });
    const logs = (await database.dataSource.query(`SELECT type, quota, request_id, other FROM logs WHERE user_id = $1 ORDER BY id`, [ids.userId])) as unknown[];
    expect(logs).toEqual([
      { type: 2, quota: '100', request_id: 'task-1', other: expect.any(String) },
      // The refund row carries the structure the console words it from.
      { type: 4, quota: '100', request_id: 'refund:task-1', other: '{"refund":{"task":"midjourney","upstream_id":"17"}}' },
    ]);
  });

  it('waits while the request has not settled, then refunds through the consumer', async () => {
    const ids = await createAccount(database.dataSource, { name: 'task-late', quota: 1_000, tokenRemain: 500 });
    await expect(refundUsage(database.dataSource, refundOf('task-2', ids, 50))).rejects.toBeInstanceOf(RequestNotSettledError);
    const logger = createLogger({ service: 'test', level: 'silent' });
    const bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    const consumer = await startRefundConsumer(bus, database.dataSource, logger);
    try {
      await bus.enqueue('modelgate.cmd.billing.usage.refund', refundOf('task-2', ids, 50));
      await settleUsage(database.dataSource, usageRecord('task-2', ids, 50));
      await waitFor(async () => (await readBalances(database.dataSource, ids)).userQuota === 1_000, 15_000);
      expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 1_000, tokenRemain: 500, requestCount: 0 });
    } finally {
      await consumer.stop();
      await bus.close();
    }
  });
});
