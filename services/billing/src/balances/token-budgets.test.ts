import type { MessageBus, TokenChanged } from '@modelgate/contracts/bus';
import { createLogger, NotFoundError } from '@modelgate/runtime';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { ReservationStore } from '../usage/reservation-store';
import { settleUsage } from '../usage/settlement';
import { createAccount, readBalances, usageRecord } from '../usage/test-fixtures.test-support';
import { readTokenBalances, TokenBudgets } from './token-budgets';

jest.setTimeout(120_000);

describe('token budgets', () => {
  let database: MigratedTestDatabase;
  let budgets: TokenBudgets;
  let reservations: ReservationStore;
  const announced: TokenChanged[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const bus = {
      publish: async (_subject: string, payload: TokenChanged) => void announced.push(payload),
    } as unknown as MessageBus;
    budgets = new TokenBudgets(database.dataSource, bus, createLogger({ service: 'test', level: 'silent' }));
    reservations = new ReservationStore(database.dataSource);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    announced.length = 0;
  });

  const reserve = (requestId: string, ids: { userId: number; tokenId: number }, amount: number) =>
    reservations.reserve({ requestId, userId: ids.userId, tokenId: ids.tokenId, amount, tokenUnlimited: false });

  it('reads the balances of live tokens only', async () => {
    const live = await createAccount(database.dataSource, { name: 'read', quota: 1_000, tokenRemain: 300 });
    const gone = await createAccount(database.dataSource, { name: 'read-gone', quota: 1_000, tokenRemain: 5 });
    await database.dataSource.query(`UPDATE tokens SET used_quota = 40 WHERE id = $1`, [live.tokenId]);
    await database.dataSource.query(`UPDATE tokens SET deleted_at = now() WHERE id = $1`, [gone.tokenId]);
    expect(await readTokenBalances(database.dataSource, [live.tokenId, gone.tokenId, 999_999])).toEqual([
      { token_id: live.tokenId, remain_quota: 300, used_quota: 40 },
    ]);
  });

  it('keeps quota held by requests in flight out of a new budget, so it ends as the budget minus what they spent', async () => {
    const ids = await createAccount(database.dataSource, { name: 'held', quota: 1_000_000, tokenRemain: 1_000 });
    await reserve('held-1', ids, 200);
    await reserve('held-2', ids, 50);
    // A reservation takes its amount out of remain_quota and counts it as used until it ends.
    expect(await readBalances(database.dataSource, ids)).toMatchObject({ tokenRemain: 750, tokenUsed: 250 });

    // The figure billing holds, sent back as loaded, sets nothing and announces nothing.
    expect(await budgets.set([ids.tokenId], 750, 'updated')).toEqual({
      balances: [{ token_id: ids.tokenId, remain_quota: 750, used_quota: 250 }],
      changedTokenIds: [],
    });
    expect(announced).toEqual([]);

    expect(await budgets.set([ids.tokenId], 5_000, 'updated')).toEqual({
      balances: [{ token_id: ids.tokenId, remain_quota: 4_750, used_quota: 250 }],
      changedTokenIds: [ids.tokenId],
    });
    expect(announced).toEqual([{ tokenIds: [ids.tokenId], userId: ids.userId, reason: 'updated' }]);

    // The two requests end: one spends 120 of its 200, the other more than its 50.
    await settleUsage(database.dataSource, usageRecord('held-1', ids, 120));
    await settleUsage(database.dataSource, usageRecord('held-2', ids, 80));
    const after = await readBalances(database.dataSource, ids);
    expect(after.tokenRemain).toBe(5_000 - 120 - 80);
    expect(after.tokenUsed).toBe(200);
  });

  it('sets a batch at once, announcing it per owner with the caller\'s reason', async () => {
    const first = await createAccount(database.dataSource, { name: 'batch-a', quota: 0, tokenRemain: 0 });
    const second = await createAccount(database.dataSource, { name: 'batch-b', quota: 0, tokenRemain: 0 });
    const outcome = await budgets.set([second.tokenId, first.tokenId], 900, 'created');
    expect(outcome.balances.map((balance) => [balance.token_id, balance.remain_quota])).toEqual([
      [second.tokenId, 900],
      [first.tokenId, 900],
    ]);
    expect(announced).toEqual(
      expect.arrayContaining([
        { tokenIds: [first.tokenId], userId: first.userId, reason: 'created' },
        { tokenIds: [second.tokenId], userId: second.userId, reason: 'created' },
      ]),
    );
    expect(announced).toHaveLength(2);
  });

  it('refuses an unknown or deleted token and then changes none of the batch', async () => {
    const ids = await createAccount(database.dataSource, { name: 'missing', quota: 0, tokenRemain: 10 });
    await expect(budgets.set([ids.tokenId, 999_999], 50, 'updated')).rejects.toMatchObject({
      constructor: NotFoundError,
      code: 'token_not_found',
    });
    expect((await readBalances(database.dataSource, ids)).tokenRemain).toBe(10);
    await database.dataSource.query(`UPDATE tokens SET deleted_at = now() WHERE id = $1`, [ids.tokenId]);
    await expect(budgets.set([ids.tokenId], 50, 'updated')).rejects.toBeInstanceOf(NotFoundError);
    expect(announced).toEqual([]);
  });

  it('never loses a settlement when budgets are set while requests settle', async () => {
    const budget = 10_000_000;
    const ids = await createAccount(database.dataSource, { name: 'race', quota: 100_000_000, tokenRemain: 100_000 });
    const amounts = Array.from({ length: 30 }, (_, i) => 10 + i);
    // Half the requests hold a reservation when the race starts, half settle with none.
    for (let i = 0; i < amounts.length; i += 2) await reserve(`race-${i}`, ids, 100);
    const results = await Promise.all([
      ...amounts.map((amount, i) => settleUsage(database.dataSource, usageRecord(`race-${i}`, ids, amount))),
      ...Array.from({ length: 5 }, () => budgets.set([ids.tokenId], budget, 'updated')),
    ]);
    const charged = amounts.reduce((sum, amount) => sum + amount, 0);
    expect(results.slice(0, amounts.length).every((result) => 'settled' in result && result.settled)).toBe(true);
    const after = await readBalances(database.dataSource, ids);
    // Spending is counted whatever the order; the budget ends reduced by exactly what was spent
    // after the last set took effect, so it lies between the budget and the budget minus all.
    expect(after.tokenUsed).toBe(charged);
    expect(after.userUsed).toBe(charged);
    expect(after.tokenRemain).toBeLessThanOrEqual(budget);
    expect(after.tokenRemain).toBeGreaterThanOrEqual(budget - charged);
    const [open] = await database.dataSource.query(
      `SELECT count(*)::int AS n FROM quota_reservations WHERE token_id = $1 AND status = 'reserved'`,
      [ids.tokenId],
    );
    expect(open.n).toBe(0);
  });
});
