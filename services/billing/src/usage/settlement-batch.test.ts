import { BUS_REGISTRY, type UsageRecord } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger } from '@modelgate/runtime';
import { settleUsage, settleUsageBatch } from './settlement';
import { ReservationStore } from './reservation-store';
import { settleBatch, startSettlementConsumer } from './settlement-consumer';
import { createAccount, readBalances, usageRecord, waitFor } from './test-fixtures.test-support';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'billing-test', level: 'silent' });

describe('settling usage records in batches', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const logCount = async (userId: number) =>
    Number(
      ((await database.dataSource.query(`SELECT count(*)::int AS n FROM logs WHERE user_id = $1 AND type = 2`, [userId])) as Array<{ n: number }>)[0]!.n,
    );

  it('settles every record of a batch in one go, and a replayed batch charges nothing twice', async () => {
    const ids = await createAccount(database.dataSource, { name: 'batch', quota: 1_000, tokenRemain: 1_000 });
    const records = [usageRecord('b-1', ids, 10), usageRecord('b-2', ids, 20), usageRecord('b-3', ids, 30)];
    const first = await settleUsageBatch(database.dataSource, records);
    expect(first.map((r) => r.settled)).toEqual([true, true, true]);
    const again = await settleUsageBatch(database.dataSource, records);
    expect(again.map((r) => r.settled)).toEqual([false, false, false]);
    const balances = await readBalances(database.dataSource, ids);
    expect(balances).toMatchObject({ userQuota: 940, userUsed: 60, tokenRemain: 940, tokenUsed: 60, channelUsed: 60 });
    expect(await logCount(ids.userId)).toBe(3);
  });

  it('settles a record without a token (the playground) against the user alone, logged under its own name', async () => {
    const ids = await createAccount(database.dataSource, { name: 'tokenless', quota: 1_000, tokenRemain: 500 });
    const store = new ReservationStore(database.dataSource);
    await store.reserve({ requestId: 'pg-1', userId: ids.userId, tokenId: 0, amount: 50, tokenUnlimited: true });
    const tokenless = (requestId: string, quota: number): UsageRecord => ({
      ...usageRecord(requestId, { ...ids, tokenId: 0 }, quota),
      tokenName: 'playground',
    });
    // One through the batch path, one through the record-by-record path.
    expect((await settleUsageBatch(database.dataSource, [tokenless('pg-1', 30)])).map((r) => r.settled)).toEqual([true]);
    expect((await settleUsage(database.dataSource, tokenless('pg-2', 20))).settled).toBe(true);
    // A token's own name wins over a stray tokenName.
    await settleUsage(database.dataSource, { ...usageRecord('pg-3', ids, 5), tokenName: 'ignored' });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({
      userQuota: 1_000 - 30 - 20 - 5,
      userUsed: 55,
      requestCount: 3,
      tokenRemain: 495,
      tokenUsed: 5,
    });
    const logs = (await database.dataSource.query(
      `SELECT request_id, token_id, token_name FROM logs WHERE user_id = $1 ORDER BY request_id`,
      [ids.userId],
    )) as unknown[];
    expect(logs).toEqual([
      { request_id: 'pg-1', token_id: 0, token_name: 'playground' },
      { request_id: 'pg-2', token_id: 0, token_name: 'playground' },
      { request_id: 'pg-3', token_id: ids.tokenId, token_name: 'tokenless-token' },
    ]);
  });

  it('settles the rest of a batch whose first record was settled on its own before', async () => {
    const ids = await createAccount(database.dataSource, { name: 'mixed', quota: 1_000, tokenRemain: 1_000 });
    await settleUsage(database.dataSource, usageRecord('m-1', ids, 100));
    const results = await settleUsageBatch(database.dataSource, [usageRecord('m-1', ids, 100), usageRecord('m-2', ids, 5)]);
    expect(results.map((r) => r.settled)).toEqual([false, true]);
    expect((await readBalances(database.dataSource, ids)).userUsed).toBe(105);
  });

  it('falls back to record by record when the batch fails, settling every good record and then failing', async () => {
    const ids = await createAccount(database.dataSource, { name: 'poison', quota: 1_000, tokenRemain: 1_000 });
    // Longer than the reservation key column: that record fails on its own, whatever is around it.
    const poisoned = usageRecord('p'.repeat(100), ids, 1);
    await expect(
      settleBatch(database.dataSource, [usageRecord('p-1', ids, 7), poisoned, usageRecord('p-2', ids, 8)], logger),
    ).rejects.toThrow();
    expect((await readBalances(database.dataSource, ids)).userUsed).toBe(15);
    expect(await logCount(ids.userId)).toBe(2);
  });

  it('draws lease estimates exactly as record-by-record settlement does, also when the lease runs short or is gone', async () => {
    const store = new ReservationStore(database.dataSource);
    // The same history twice: once settled one record at a time, once as one batch.
    const run = async (name: string, settle: (records: UsageRecord[]) => Promise<unknown>) => {
      const ids = await createAccount(database.dataSource, { name, quota: 10_000, tokenRemain: 10_000 });
      await store.reserve({ requestId: `lease:${name}:a`, userId: ids.userId, tokenId: ids.tokenId, amount: 250, tokenUnlimited: false });
      await store.reserve({ requestId: `lease:${name}:b`, userId: ids.userId, tokenId: ids.tokenId, amount: 100, tokenUnlimited: false });
      await store.reserve({ requestId: `${name}-own`, userId: ids.userId, tokenId: ids.tokenId, amount: 40, tokenUnlimited: false });
      await store.release(`lease:${name}:b`);
      const fromLease = (id: string, quota: number, lease: string, reserved: number): UsageRecord => ({
        ...usageRecord(`${name}-${id}`, ids, quota),
        leaseId: lease,
        reserved,
      });
      const records = [
        fromLease('1', 90, `lease:${name}:a`, 100),
        fromLease('2', 120, `lease:${name}:a`, 100),
        fromLease('3', 70, `lease:${name}:a`, 100), // only 50 left in the lease
        fromLease('4', 30, `lease:${name}:b`, 100), // lease already released: full charge
        usageRecord(`${name}-own`, ids, 55), // its own reservation of 40
      ];
      await settle(records);
      const lease = (await database.dataSource.query(`SELECT amount FROM quota_reservations WHERE request_id = $1`, [`lease:${name}:a`])) as Array<{ amount: string }>;
      return { balances: await readBalances(database.dataSource, ids), leaseLeft: Number(lease[0]!.amount), logs: await logCount(ids.userId) };
    };
    const single = await run('one-by-one', async (records) => {
      for (const record of records) await settleUsage(database.dataSource, record);
    });
    const batched = await run('batched', (records) => settleUsageBatch(database.dataSource, records));
    expect(batched).toEqual(single);
    expect(batched.leaseLeft).toBe(0);
    // 10 000 − 250 − 40 (held) + 100 (released b) − Σ(quota − drawn): (90−100)+(120−100)+(70−50)+30+(55−40) = 75
    expect(batched.balances).toMatchObject({ userQuota: 10_000 - 250 - 40 - 75, userUsed: 365 });
  });

  it('consumes relay batches from the bus', async () => {
    const ids = await createAccount(database.dataSource, { name: 'bus', quota: 1_000, tokenRemain: 1_000 });
    const bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    const consumer = await startSettlementConsumer(bus, database.dataSource, logger);
    try {
      await bus.enqueue('modelgate.cmd.billing.usage.settle-batch', {
        batchId: 'batch-1',
        records: [usageRecord('q-1', ids, 3), usageRecord('q-2', ids, 4)],
      });
      await waitFor(async () => (await logCount(ids.userId)) === 2);
      expect((await readBalances(database.dataSource, ids)).userUsed).toBe(7);
    } finally {
      await consumer.stop();
      await bus.close();
    }
  });
});
