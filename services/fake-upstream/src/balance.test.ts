import { startFakeUpstream, type FakeUpstream } from './server';
import {
  FAKE_DEEPSEEK_TOTAL_BALANCE,
  FAKE_HARD_LIMIT_USD,
  FAKE_SILICONFLOW_TOTAL_BALANCE,
  FAKE_TOTAL_USAGE_CENTS,
} from './responders/balance';

type Json = Record<string, any>;

describe('fake upstream: account balance endpoints', () => {
  let fake: FakeUpstream;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, { headers: { authorization: 'Bearer sk-balance', ...headers } });

  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it("answers OpenAI's billing subscription and usage, with or without the /v1 prefix", async () => {
    for (const prefix of ['/v1', '']) {
      const subscription = await get(`${prefix}/dashboard/billing/subscription`);
      expect(subscription.status).toBe(200);
      expect((await subscription.json()) as Json).toMatchObject({
        object: 'billing_subscription',
        has_payment_method: false,
        hard_limit_usd: FAKE_HARD_LIMIT_USD,
      });
      const usage = await get(`${prefix}/dashboard/billing/usage?start_date=2025-01-01&end_date=2025-04-10`);
      expect(usage.status).toBe(200);
      expect((await usage.json()) as Json).toEqual({ object: 'list', daily_costs: [], total_usage: FAKE_TOTAL_USAGE_CENTS });
    }
    expect(fake.requests.map((r) => [r.method, r.apiKey])).toEqual(new Array(4).fill(['GET', 'sk-balance']));
  });

  it('refuses a usage query without both dates, naming the missing one', async () => {
    const noEnd = await get('/v1/dashboard/billing/usage?start_date=2025-01-01');
    expect(noEnd.status).toBe(400);
    expect(((await noEnd.json()) as Json).error).toMatchObject({ param: 'end_date', type: 'invalid_request_error' });
    const badStart = await get('/v1/dashboard/billing/usage?start_date=yesterday&end_date=2025-01-01');
    expect(((await badStart.json()) as Json).error.param).toBe('start_date');
  });

  it("answers SiliconCloud's user info and DeepSeek's balance with string amounts", async () => {
    const info = (await (await get('/v1/user/info')).json()) as Json;
    expect(info).toMatchObject({ code: 20000, status: true, data: { totalBalance: FAKE_SILICONFLOW_TOTAL_BALANCE } });
    const balance = (await (await get('/user/balance')).json()) as Json;
    expect(balance).toEqual({
      is_available: true,
      balance_infos: [
        { currency: 'CNY', total_balance: FAKE_DEEPSEEK_TOTAL_BALANCE, granted_balance: '10.00', topped_up_balance: '100.00' },
      ],
    });
  });

  it('can be programmed like every other endpoint: errors, statuses and verbatim bodies', async () => {
    fake.program({ path: '/user/balance', apiKey: 'sk-empty' }, { body: { is_available: false, balance_infos: [] } });
    const programmed = (await (await get('/user/balance', { authorization: 'Bearer sk-empty' })).json()) as Json;
    expect(programmed).toEqual({ is_available: false, balance_infos: [] });
    const refused = await get('/v1/dashboard/billing/subscription', { 'x-fake-error': 'invalid_api_key' });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as Json).error.code).toBe('invalid_api_key');
    const other = await get('/v1/user/info', { 'x-fake-status': '500' });
    expect(other.status).toBe(500);
  });

  it('still answers 404 on an unknown GET path and on a POST to a balance path', async () => {
    expect((await get('/v1/user/balance')).status).toBe(404);
    const post = await fetch(`${fake.url}/user/balance`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(404);
  });
});
