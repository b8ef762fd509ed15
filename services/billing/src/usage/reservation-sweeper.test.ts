import type { UsageRecord } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createLogger } from '@modelgate/runtime';
import { ReservationStore } from './reservation-store';
import { startReservationSweeper, sweepStaleReservations } from './reservation-sweeper';
import { settleUsage } from './settlement';
import { createAccount, readBalances, usageRecord, waitFor } from './test-fixtures.test-support';

jest.setTimeout(60_000);

describe('reservation sweep', () => {
  let database: MigratedTestDatabase;
  let store: ReservationStore;
  const logger = createLogger({ service: 'test', level: 'silent' });

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new ReservationStore(database.dataSource);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Backdates a reservation, as if it had been taken `seconds` ago. */
  const age = (requestId: string, seconds: number) =>
    database.dataSource.query(`UPDATE quota_reservations SET created_at = created_at - $2 WHERE request_id = $1`, [
      requestId,
      seconds,
    ]);
  const statusOf = async (requestId: string) => {
    const [row] = (await database.dataSource.query(`SELECT status FROM quota_reservations WHERE request_id = $1`, [
      requestId,
    ])) as Array<{ status: string }>;
    return row?.status;
  };

  it('releases reservations older than the TTL exactly once, even when two sweeps race', async () => {
    const ids = await createAccount(database.dataSource, { name: 'sweep', quota: 10_000, tokenRemain: 10_000 });
    const reserve = (requestId: string, amount: number) =>
      store.reserve({ requestId, userId: ids.userId, tokenId: ids.tokenId, amount, tokenUnlimited: false });
    for (let i = 0; i < 7; i++) {
      await reserve(`sweep-old-${i}`, 100);
      await age(`sweep-old-${i}`, 3_600);
    }
    await reserve('lease:sweep-old', 1_000);
    await age('lease:sweep-old', 3_600);
    await reserve('sweep-young', 50);
    await reserve('sweep-settled', 80);
    await age('sweep-settled', 3_600);
    await settleUsage(database.dataSource, usageRecord('sweep-settled', ids, 80));
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 8_170, tokenRemain: 8_170 });

    const results = await Promise.all([
      sweepStaleReservations(database.dataSource, { ttlSeconds: 900, batchSize: 3 }),
      sweepStaleReservations(database.dataSource, { ttlSeconds: 900, batchSize: 3 }),
    ]);
    expect(results[0]!.released + results[1]!.released).toBe(8);
    expect(results[0]!.amount + results[1]!.amount).toBe(1_700);
    expect(await readBalances(database.dataSource, ids)).toMatchObject({
      userQuota: 9_870,
      tokenRemain: 9_870,
      tokenUsed: 130,
    });
    expect(await statusOf('lease:sweep-old')).toBe('released');
    expect(await statusOf('sweep-young')).toBe('reserved');
    expect(await statusOf('sweep-settled')).toBe('settled');
    expect(await sweepStaleReservations(database.dataSource, { ttlSeconds: 900 })).toEqual({ released: 0, amount: 0 });
  });

  it('lets a record admitted from a swept lease settle at its full quota', async () => {
    const ids = await createAccount(database.dataSource, { name: 'sweep-lease', quota: 1_000, tokenRemain: 1_000 });
    await store.reserve({
      requestId: 'lease:swept',
      userId: ids.userId,
      tokenId: ids.tokenId,
      amount: 400,
      tokenUnlimited: false,
    });
    await age('lease:swept', 3_600);
    await sweepStaleReservations(database.dataSource, { ttlSeconds: 900 });
    const record: UsageRecord = { ...usageRecord('swept-1', ids, 60), leaseId: 'lease:swept', reserved: 100 };
    expect(await settleUsage(database.dataSource, record)).toMatchObject({ settled: true, reserved: 0, delta: 60 });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 940, tokenRemain: 940, tokenUsed: 60 });
  });

  it('sweeps on start and then periodically until stopped', async () => {
    const ids = await createAccount(database.dataSource, { name: 'sweep-loop', quota: 1_000, tokenRemain: 1_000 });
    const reserve = (requestId: string) =>
      store.reserve({ requestId, userId: ids.userId, tokenId: ids.tokenId, amount: 100, tokenUnlimited: false });
    await reserve('loop-1');
    await age('loop-1', 120);
    const sweeper = startReservationSweeper(database.dataSource, logger, { ttlSeconds: 60, intervalMs: 50 });
    try {
      await waitFor(async () => (await statusOf('loop-1')) === 'released');
      await reserve('loop-2');
      await age('loop-2', 120);
      await waitFor(async () => (await statusOf('loop-2')) === 'released');
    } finally {
      await sweeper.stop();
    }
    await reserve('loop-3');
    await age('loop-3', 120);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await statusOf('loop-3')).toBe('reserved');
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 900, tokenRemain: 900 });
  });
});
