import { eventually } from '../support/relay-fixtures';
import { type ProbeHarness, startProbeHarness } from './channel-test-fixtures';

// `GET /api/channel/update_balance/{id}/` and `GET /api/channel/update_balance`: balances read
// from the providers' account APIs (OpenAI's dashboard billing, SiliconCloud, DeepSeek) on the
// fake provider, stored in `balance` / `balance_updated_time`; other types refused clearly.

jest.setTimeout(60_000);

const day = (date: Date) => date.toISOString().slice(0, 10);

describe('/api channel balance updates', () => {
  let h: ProbeHarness;

  beforeAll(async () => {
    h = await startProbeHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('updates every enabled channel with a balance API, disabling empty ones with auto_ban', async () => {
    await h.api.setOptions({ AutomaticDisableChannelEnabled: 'true' });
    const openai = await h.channel({ type: 1 });
    const deepseek = await h.channel({ type: 43 });
    const empty = await h.channel({ type: 1 });
    const emptyNoBan = await h.channel({ type: 1, autoBan: false });
    const failing = await h.channel({ type: 40 });
    const azure = await h.channel({ type: 3 });
    const disabled = await h.channel({ type: 1, status: 2 });
    for (const { key } of [empty, emptyNoBan]) {
      h.fake.program({ apiKey: key, path: '/v1/dashboard/billing/usage' }, { body: { object: 'list', total_usage: 10_000 } });
    }
    h.fake.program({ apiKey: failing.key }, { error: 'invalid_api_key' });

    const res = await h.admin.get('/api/channel/update_balance');
    expect(res.body).toEqual({ success: true, message: '', data: { updated: 4, failed: 1, unsupported: 1, disabled: 1 } });
    const balances = await h.api.query<{ id: number; balance: number; status: number; balance_updated_time: string }>(
      'SELECT id, balance, status, balance_updated_time FROM channels ORDER BY id',
    );
    const byId = new Map(balances.map((row) => [Number(row.id), row]));
    expect(byId.get(openai.id)).toMatchObject({ balance: 74.5, status: 1 });
    expect(byId.get(deepseek.id)).toMatchObject({ balance: 110, status: 1 });
    expect(byId.get(empty.id)).toMatchObject({ balance: 0, status: 3 });
    expect(JSON.parse((await h.row(empty.id)).other_info).status_reason).toBe('insufficient balance');
    expect(byId.get(emptyNoBan.id)).toMatchObject({ balance: 0, status: 1 });
    for (const untouched of [failing, azure, disabled]) {
      expect(byId.get(untouched.id)).toMatchObject({ balance: 0, balance_updated_time: '0' });
    }
    expect(h.requestsOf(disabled.key)).toHaveLength(0);
    expect(h.requestsOf(azure.key)).toHaveLength(0);
    await h.api.setOptions({ AutomaticDisableChannelEnabled: 'false' });
  });

  it("reads an OpenAI channel's balance from the dashboard billing endpoints and stores it", async () => {
    const { id, key } = await h.channel({ type: 1 });
    const before = Math.floor(Date.now() / 1000);
    const res = await h.admin.get(`/api/channel/update_balance/${id}/`);
    expect(res.body).toEqual({
      success: true,
      message: '',
      balance: 74.5,
      data: { balance: 74.5, balance_updated_time: expect.any(Number) },
    });
    expect(res.body.data.balance_updated_time).toBeGreaterThanOrEqual(before);
    const row = await h.row(id);
    expect([row.balance, Number(row.balance_updated_time)]).toEqual([74.5, res.body.data.balance_updated_time]);

    // No payment method: usage over the last 100 days, up to today.
    const [subscription, usage] = h.requestsOf(key);
    expect(subscription).toMatchObject({ method: 'GET', path: '/v1/dashboard/billing/subscription' });
    expect(usage).toMatchObject({ method: 'GET', path: '/v1/dashboard/billing/usage' });
    const now = new Date();
    expect(usage!.query).toEqual({ start_date: day(new Date(now.getTime() - 100 * 86_400_000)), end_date: day(now) });
  });

  it('counts usage from the start of the month for an account with a payment method, without the trailing slash too', async () => {
    const { id, key } = await h.channel({ type: 8 });
    h.fake.program(
      { apiKey: key, path: '/v1/dashboard/billing/subscription' },
      { body: { has_payment_method: true, hard_limit_usd: '120.00' } },
    );
    const res = await h.admin.get(`/api/channel/update_balance/${id}`);
    expect(res.body).toMatchObject({ success: true, balance: 94.5 });
    expect(h.requestsOf(key)[1]!.query.start_date).toBe(`${day(new Date()).slice(0, 7)}-01`);
  });

  it('reads SiliconCloud and DeepSeek balances', async () => {
    const siliconflow = await h.channel({ type: 40 });
    const deepseek = await h.channel({ type: 43 });
    expect((await h.admin.get(`/api/channel/update_balance/${siliconflow.id}/`)).body).toMatchObject({ success: true, balance: 20.5 });
    expect((await h.admin.get(`/api/channel/update_balance/${deepseek.id}/`)).body).toMatchObject({ success: true, balance: 110 });
    expect(h.requestsOf(siliconflow.key).map((r) => r.path)).toEqual(['/v1/user/info']);
    expect(h.requestsOf(deepseek.key).map((r) => r.path)).toEqual(['/user/balance']);
    expect((await h.row(deepseek.id)).balance).toBe(110);
  });

  it("answers a provider's refusal or an unexpected answer with its reason, keeping the stored balance", async () => {
    const refused = await h.channel({ type: 1 });
    h.fake.program({ apiKey: refused.key }, { error: 'invalid_api_key' });
    const res = await h.admin.get(`/api/channel/update_balance/${refused.id}/`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^balance query failed: Incorrect API key provided/);

    const odd = await h.channel({ type: 1 });
    h.fake.program({ apiKey: odd.key }, { body: { object: 'billing_subscription' } });
    expect((await h.admin.get(`/api/channel/update_balance/${odd.id}/`)).body).toEqual({
      success: false,
      message: 'balance query failed: unexpected answer from the billing subscription API (field hard_limit_usd)',
    });
    const code = await h.channel({ type: 40 });
    h.fake.program({ apiKey: code.key }, { body: { code: 30001, message: 'account suspended' } });
    expect((await h.admin.get(`/api/channel/update_balance/${code.id}/`)).body).toEqual({
      success: false,
      message: 'balance query failed: code 30001: account suspended',
    });
    for (const { id } of [refused, odd, code]) expect(Number((await h.row(id)).balance_updated_time)).toBe(0);
  });

  it('refuses types without a balance API with a clear message, calling nobody', async () => {
    for (const [type, name] of [
      [3, 'Azure OpenAI'],
      [14, 'Anthropic Claude'],
      [2, 'Midjourney Proxy'],
    ] as const) {
      const { id, key } = await h.channel({ type });
      expect((await h.admin.get(`/api/channel/update_balance/${id}/`)).body).toEqual({
        success: false,
        message: `balance query is not supported for channel type ${type} (${name})`,
      });
      expect(h.requestsOf(key)).toHaveLength(0);
    }
  });

  it('answers clear envelope errors for bad ids and unknown channels, never a 500', async () => {
    for (const path of ['abc', '0', '99999999999', '4294967295']) {
      const res = await h.admin.get(`/api/channel/update_balance/${path}/`);
      expect([path, res.status, res.body]).toEqual([path, 200, { success: false, message: 'invalid channel id' }]);
    }
    expect((await h.admin.get('/api/channel/update_balance/2147483000/')).body).toEqual({
      success: false,
      message: 'channel not found',
    });
  });

  it('shares one run between concurrent update-all requests', async () => {
    const slow = await h.channel({ type: 43 });
    h.fake.program({ apiKey: slow.key }, { latencyMs: 400 });
    const [first, second] = await Promise.all([h.admin.get('/api/channel/update_balance'), h.admin.get('/api/channel/update_balance')]);
    expect(first.body.success).toBe(true);
    expect(second.body).toEqual(first.body);
    expect(await eventually(() => h.requestsOf(slow.key).length === 1, 1_000)).toBe(true);
  });
});
