import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { FixedOptions, type TypedOptionReader } from '@modelgate/db';
import { NotFoundError } from '@modelgate/runtime';
import { settleUsage } from '../usage/settlement';
import { createAccount, readBalances, usageRecord } from '../usage/test-fixtures.test-support';
import { AdminBalanceStore } from './admin-balance-store';

jest.setTimeout(120_000);

const units: TypedOptionReader = new FixedOptions({ DisplayInCurrencyEnabled: 'false', QuotaPerUnit: '500000' });

interface ManageLog {
  content: string;
  quota: string;
  other: string;
}

describe('AdminBalanceStore', () => {
  let database: MigratedTestDatabase;
  let store: AdminBalanceStore;

  const manageLogs = async (userId: number): Promise<ManageLog[]> =>
    (await database.dataSource.query(`SELECT content, quota, other FROM logs WHERE user_id = $1 AND type = 3 ORDER BY id`, [
      userId,
    ])) as ManageLog[];

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new AdminBalanceStore(database.dataSource, units);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('sets a balance from the one it locked, logging both, and writes nothing when it is already there', async () => {
    const ids = await createAccount(database.dataSource, { name: 'set', quota: 100, tokenRemain: 0 });
    expect(await store.setQuota(ids.userId, 40)).toEqual({ previousQuota: 100, quota: 40 });
    expect(await store.setQuota(ids.userId, 40)).toEqual({ previousQuota: 40, quota: 40 });
    expect((await readBalances(database.dataSource, ids)).userQuota).toBe(40);
    expect(await manageLogs(ids.userId)).toEqual([
      { content: '管理员将用户额度从 100 点额度修改为 40 点额度', quota: '60', other: '{"admin_quota":{"from":100,"to":40}}' },
    ]);
  });

  it('adds and deducts, refusing a deduction below zero and an unknown user', async () => {
    const ids = await createAccount(database.dataSource, { name: 'add', quota: 100, tokenRemain: 0 });
    expect(await store.addQuota(ids.userId, 25)).toBe(125);
    expect(await store.addQuota(ids.userId, -125)).toBe(0);
    await expect(store.addQuota(ids.userId, -1)).rejects.toMatchObject({ code: 'insufficient_quota' });
    await expect(store.setQuota(999_999, 1)).rejects.toBeInstanceOf(NotFoundError);
    expect((await manageLogs(ids.userId)).map((log) => log.other)).toEqual([
      '{"admin_quota":{"delta":25}}',
      '{"admin_quota":{"delta":-125}}',
    ]);
  });

  it('never loses a settlement or an admin change when they race on one balance', async () => {
    const initial = 1_000_000;
    const ids = await createAccount(database.dataSource, { name: 'race', quota: initial, tokenRemain: 0, tokenUnlimited: true });
    const settlements = Array.from({ length: 40 }, (_, i) => usageRecord(`race-${i}`, ids, 7 + i));
    const adds = [500, -300, 200, 1_000, -100];
    const sets = [900_000, 950_000, 800_000];
    const results = await Promise.all([
      ...settlements.map((record) => settleUsage(database.dataSource, record)),
      ...adds.map((delta) => store.addQuota(ids.userId, delta)),
      ...sets.map((quota) => store.setQuota(ids.userId, quota)),
    ]);
    const setResults = results.slice(settlements.length + adds.length) as Array<{ previousQuota: number; quota: number }>;
    expect(setResults.map((r) => r.quota)).toEqual(sets);

    // Every change of the balance is either a settlement or an admin change with its log row; the
    // balance is the initial one moved by each, a set counting as the step from the balance it
    // found under the lock to its target.
    const logs = await manageLogs(ids.userId);
    expect(logs).toHaveLength(adds.length + sets.length);
    const found = logs.map((log) => (JSON.parse(log.other) as { admin_quota: { delta?: number; from?: number; to?: number } }).admin_quota);
    expect(found.filter((change) => change.delta !== undefined).map((change) => change.delta).sort((a, b) => a! - b!)).toEqual(
      [...adds].sort((a, b) => a - b),
    );
    expect(found.filter((change) => change.to !== undefined).map((change) => change.from)).toEqual(
      expect.arrayContaining(setResults.map((r) => r.previousQuota)),
    );
    const charged = settlements.reduce((sum, record) => sum + record.quota, 0);
    const setSteps = setResults.reduce((sum, r) => sum + (r.quota - r.previousQuota), 0);
    const expected = initial - charged + adds.reduce((a, b) => a + b, 0) + setSteps;
    const balances = await readBalances(database.dataSource, ids);
    expect(balances.userQuota).toBe(expected);
    expect(balances.userUsed).toBe(charged);
    expect(balances.requestCount).toBe(settlements.length);
  });
});
