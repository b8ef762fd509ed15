import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { NotFoundError, QuotaExceededError } from '@modelgate/runtime';
import { ReservationStore } from './reservation-store';
import { createAccount, readBalances } from './test-fixtures.test-support';

jest.setTimeout(60_000);

describe('ReservationStore', () => {
  let database: MigratedTestDatabase;
  let store: ReservationStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new ReservationStore(database.dataSource);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('admits exactly 10 of 100 concurrent reservations when the user balance covers 10', async () => {
    const ids = await createAccount(database.dataSource, { name: 'race-user', quota: 100, tokenRemain: 0, tokenUnlimited: true });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        store.reserve({ requestId: `race-user-${i}`, userId: ids.userId, tokenId: ids.tokenId, amount: 10, tokenUnlimited: true }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(QuotaExceededError);
        expect(result.reason).toMatchObject({ code: 'insufficient_user_quota' });
      }
    }
    const balances = await readBalances(database.dataSource, ids);
    expect(balances).toMatchObject({ userQuota: 0, tokenRemain: 0, tokenUsed: 100 });
    const [open] = (await database.dataSource.query(
      `SELECT count(*)::int AS n FROM quota_reservations WHERE request_id LIKE 'race-user-%'`,
    )) as Array<{ n: number }>;
    expect(open!.n).toBe(10);
  });

  it('admits exactly 10 of 100 concurrent reservations when the token covers 10', async () => {
    const ids = await createAccount(database.dataSource, { name: 'race-token', quota: 1_000_000, tokenRemain: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        store.reserve({ requestId: `race-token-${i}`, userId: ids.userId, tokenId: ids.tokenId, amount: 10, tokenUnlimited: false }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refusal = results.find((r) => r.status === 'rejected');
    expect(refusal?.status === 'rejected' && refusal.reason).toMatchObject({
      constructor: QuotaExceededError,
      code: 'pre_consume_token_quota_failed',
      message: 'token quota is not enough, token remain quota: 0, need quota: 10',
    });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 999_900, tokenRemain: 0, tokenUsed: 100 });
  });

  it('takes once per request id and reports a retry as replayed', async () => {
    const ids = await createAccount(database.dataSource, { name: 'idem', quota: 1_000, tokenRemain: 500 });
    const input = { requestId: 'idem-1', userId: ids.userId, tokenId: ids.tokenId, amount: 200, tokenUnlimited: false };
    expect(await store.reserve(input)).toEqual({ amount: 200, replayed: false, status: 'reserved' });
    expect(await store.reserve(input)).toEqual({ amount: 200, replayed: true, status: 'reserved' });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 800, tokenRemain: 300, tokenUsed: 200 });
  });

  it('refunds a released reservation exactly once, and a late reservation after a release takes nothing', async () => {
    const ids = await createAccount(database.dataSource, { name: 'release', quota: 1_000, tokenRemain: 500 });
    await store.reserve({ requestId: 'release-1', userId: ids.userId, tokenId: ids.tokenId, amount: 300, tokenUnlimited: false });
    expect(await store.release('release-1')).toEqual({ released: true, amount: 300 });
    expect(await store.release('release-1')).toEqual({ released: false, amount: 0 });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 1_000, tokenRemain: 500, tokenUsed: 0 });

    expect(await store.release('release-2')).toEqual({ released: false, amount: 0 });
    expect(
      await store.reserve({ requestId: 'release-2', userId: ids.userId, tokenId: ids.tokenId, amount: 300, tokenUnlimited: false }),
    ).toEqual({ amount: 0, replayed: true, status: 'released' });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 1_000, tokenRemain: 500 });
  });

  it('gives back part of a lease and keeps the rest reserved until nothing is left', async () => {
    const ids = await createAccount(database.dataSource, { name: 'partial', quota: 1_000, tokenRemain: 1_000 });
    await store.reserve({ requestId: 'lease:partial', userId: ids.userId, tokenId: ids.tokenId, amount: 300, tokenUnlimited: false });
    expect(await store.release('lease:partial', 120)).toEqual({ released: true, amount: 120 });
    const status = async () =>
      ((await database.dataSource.query(`SELECT amount, status FROM quota_reservations WHERE request_id = 'lease:partial'`)) as Array<{
        amount: string;
        status: string;
      }>)[0];
    expect(await status()).toEqual({ amount: '180', status: 'reserved' });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 820, tokenRemain: 820 });
    // Asking for more than is left gives back what is left and closes it.
    expect(await store.release('lease:partial', 500)).toEqual({ released: true, amount: 180 });
    expect(await status()).toEqual({ amount: '180', status: 'released' });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 1_000, tokenRemain: 1_000 });
  });

  it('refuses with the reference messages and leaves no trace of a refused reservation', async () => {
    const ids = await createAccount(database.dataSource, { name: 'refuse', quota: 50, tokenRemain: 500 });
    const reserve = (requestId: string, amount: number) =>
      store.reserve({ requestId, userId: ids.userId, tokenId: ids.tokenId, amount, tokenUnlimited: false });
    await expect(reserve('refuse-1', 80)).rejects.toMatchObject({
      constructor: QuotaExceededError,
      code: 'insufficient_user_quota',
      message: 'chat pre-consumed quota failed, user quota: 50, need quota: 80',
    });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 50, tokenRemain: 500, tokenUsed: 0 });
    // The refused call left no reservation behind, so the same id can be reserved later.
    await expect(reserve('refuse-1', 50)).resolves.toMatchObject({ replayed: false });
    await expect(reserve('refuse-2', 0)).rejects.toMatchObject({ message: 'user quota is not enough' });
    await expect(
      store.reserve({ requestId: 'refuse-3', userId: 999_999, tokenId: 0, amount: 1, tokenUnlimited: true }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      store.reserve({ requestId: 'refuse-4', userId: ids.userId, tokenId: 999_999, amount: 1, tokenUnlimited: false }),
    ).rejects.toMatchObject({ constructor: NotFoundError, code: 'token_not_found' });
  });

  it('charges only the user when the request has no token', async () => {
    const ids = await createAccount(database.dataSource, { name: 'playground', quota: 100, tokenRemain: 7 });
    await store.reserve({ requestId: 'playground-1', userId: ids.userId, tokenId: 0, amount: 40, tokenUnlimited: false });
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ userQuota: 60, tokenRemain: 7, tokenUsed: 0 });
  });
});
