import { startWalletHarness, type WalletHarness } from './redemption-fixtures';
import type { UserChanged } from '@modelgate/contracts/bus';

jest.setTimeout(60_000);

/** Redeeming a code from the wallet: `POST /api/user/topup {key}` (spec §5, §7; reference §5). */
describe('/api/user/topup', () => {
  let h: WalletHarness;
  const events: UserChanged[] = [];
  let unsubscribe: () => Promise<void>;

  beforeAll(async () => {
    h = await startWalletHarness();
    const subscription = await h.api.stack.bus.subscribe('modelgate.evt.identity.user.changed', (message) => {
      events.push(message.payload);
    });
    unsubscribe = () => subscription.unsubscribe();
  });
  afterAll(async () => {
    await unsubscribe?.();
    await h?.stop();
  });

  it('credits the code once, marks it used and logs the top-up', async () => {
    const userId = await h.insertUser({ username: 'redeemer', quota: 1000 });
    const user = await h.signedIn(userId);
    const [key] = await h.createCodes({ name: 'gift', quota: 100000 });
    const { id } = await h.code(key!);

    const res = await user.post('/api/user/topup', { key: `  ${key}  ` });
    expect(res.body).toEqual({ success: true, message: '', data: 100000 });
    expect(await h.balance(userId)).toBe(101000);
    const code = await h.code(key!);
    expect(code).toMatchObject({ status: 3, used_user_id: userId });
    expect(Math.abs(Number(code.redeemed_time) - Date.now() / 1000)).toBeLessThan(60);
    expect(await h.topUpLogs(userId)).toEqual([
      {
        content: `通过兑换码充值 ＄0.200000 额度，兑换码ID ${id}`,
        quota: 100000,
        other: { top_up: { source: 'redemption', quota: 100000, redemption_id: id } },
      },
    ]);

    const self = await user.get('/api/user/self');
    expect(self.body.data.quota).toBe(101000);
    await waitFor(() => events.some((event) => event.userId === userId && event.reason === 'quota'));
  });

  it('refuses a second redemption of the same code', async () => {
    const userId = await h.insertUser({ username: 'second-try' });
    const user = await h.signedIn(userId);
    const [key] = await h.createCodes({ name: 'once', quota: 500 });
    expect((await user.post('/api/user/topup', { key })).body.success).toBe(true);
    const again = await user.post('/api/user/topup', { key });
    expect(again.body).toEqual({ success: false, message: '兑换失败，该兑换码已被使用' });
    expect(await h.balance(userId)).toBe(500);
    expect(await h.topUpLogs(userId)).toHaveLength(1);
  });

  it('asks for a code when none is given', async () => {
    const user = await h.signedIn(await h.insertUser({ username: 'no-key' }));
    for (const body of [{ key: '' }, { key: '   ' }, {}, { key: null }]) {
      expect((await user.post('/api/user/topup', body)).body).toEqual({ success: false, message: '请输入兑换码！' });
    }
  });

  it('refuses unknown, disabled and malformed codes without crediting', async () => {
    const userId = await h.insertUser({ username: 'guesser', quota: 5 });
    const user = await h.signedIn(userId);
    const [disabledKey] = await h.createCodes({ name: 'off', quota: 500 });
    const { id } = await h.code(disabledKey!);
    expect((await h.admin.put('/api/redemption/?status_only=true', { id, status: 2 })).body.success).toBe(true);

    expect((await user.post('/api/user/topup', { key: disabledKey })).body).toEqual({
      success: false,
      message: '兑换失败，该兑换码已被禁用',
    });
    for (const key of ['0'.repeat(32), 'x'.repeat(200), "' OR 1=1 --", '%']) {
      expect((await user.post('/api/user/topup', { key })).body).toEqual({ success: false, message: '兑换失败，无效的兑换码' });
    }
    expect((await user.post('/api/user/topup', { key: 12345 })).body).toEqual({
      success: false,
      message: '输入不合法：key 的类型错误，应为字符串',
    });
    expect((await user.post('/api/user/topup', { key: 'k'.repeat(300) })).body.success).toBe(false);
    expect((await user.raw('POST', '/api/user/topup', '{"key"')).body.success).toBe(false);
    expect(await h.balance(userId)).toBe(5);
    expect((await h.code(disabledKey!)).status).toBe(2);
  });

  it('makes every attempt wait a little (against guessing)', async () => {
    const user = await h.signedIn(await h.insertUser({ username: 'timed' }));
    const started = Date.now();
    await user.post('/api/user/topup', { key: 'f'.repeat(32) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('needs a signed-in user', async () => {
    const [key] = await h.createCodes({ name: 'anon', quota: 500 });
    const res = await h.api.client().post('/api/user/topup', { key });
    expect(res.status).toBe(401);
    expect((await h.code(key!)).status).toBe(1);
  });

  it('credits a code sent 20 times at once exactly once', async () => {
    const userIds = await Promise.all([0, 1, 2, 3].map((index) => h.insertUser({ username: `racer-${index}` })));
    const users = await Promise.all(userIds.map((userId) => h.signedIn(userId)));
    const [key] = await h.createCodes({ name: 'race', quota: 777 });

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => users[index % users.length]!.post('/api/user/topup', { key })),
    );
    const successes = results.filter((res) => res.body.success);
    expect(successes).toHaveLength(1);
    expect(successes[0]!.body.data).toBe(777);
    for (const res of results.filter((result) => !result.body.success)) {
      expect([res.status, res.body.message]).toEqual([200, '兑换失败，该兑换码已被使用']);
    }
    const balances: number[] = [];
    for (const userId of userIds) balances.push(await h.balance(userId));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(777);
    const winner = userIds[balances.findIndex((balance) => balance === 777)]!;
    expect((await h.code(key!)).used_user_id).toBe(winner);
    const logs = await h.api.query(`SELECT user_id FROM logs WHERE type = 1 AND content LIKE $1`, [
      `%兑换码ID ${(await h.code(key!)).id}`,
    ]);
    expect(logs).toEqual([{ user_id: winner }]);
  });

  it('credits the same user for many different codes at once', async () => {
    const userId = await h.insertUser({ username: 'collector' });
    const user = await h.signedIn(userId);
    const keys = await h.createCodes({ name: 'many', quota: 10, count: 10 });
    const results = await Promise.all(keys.map((key) => user.post('/api/user/topup', { key })));
    expect(results.every((res) => res.body.success)).toBe(true);
    expect(await h.balance(userId)).toBe(100);
    expect(await h.topUpLogs(userId)).toHaveLength(10);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
