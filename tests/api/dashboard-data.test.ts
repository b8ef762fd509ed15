import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { eventually } from '../support/relay-fixtures';
import { insertUser } from './logs-fixtures';

jest.setTimeout(60_000);

/** A Monday, 00:00 UTC (2025-06-02): the start of a week bucket. */
const W = 1_748_822_400;
const H = 3_600;
const D = 86_400;

/** `GET /api/data/` and `/api/data/self`: the dashboard's totals per model and hour, day or week. */
describe('/api dashboard data', () => {
  let api: ApiStack;
  let admin: ApiClient;
  let alice: ApiClient;
  let aliceId: number;

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    aliceId = await insertUser(api, 'dash_alice');
    const bobId = await insertUser(api, 'dash_bob');
    admin = await api.signedInAs(await insertUser(api, 'dash_admin', 10));
    alice = await api.signedInAs(aliceId);
    const rows: Array<[number, string, string, number, number, number, number]> = [
      [aliceId, 'dash_alice', 'gpt-4o', W + H, 30, 2, 100],
      [aliceId, 'dash_alice', 'gpt-4o', W + 2 * H, 10, 1, 50],
      [aliceId, 'dash_alice', 'gpt-4o', W + D + 3 * H, 80, 4, 400],
      [aliceId, 'dash_alice', 'gpt-4o-mini', W + 7 * D + 5 * H, 7, 1, 5],
      [bobId, 'dash_bob', 'gpt-4o', W + H, 60, 3, 300],
      [bobId, 'dash_bob', 'claude-3', W + 2 * D, 100, 1, 1_000],
    ];
    for (const row of rows) {
      await api.query(
        `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        row,
      );
    }
  });
  afterAll(async () => {
    await api?.stop();
  });

  const range = (start: number, end: number) => `start_timestamp=${start}&end_timestamp=${end}`;
  const all = { user_id: 0, username: '' };

  it('sums every user per model and hour for admins, oldest first', async () => {
    const res = await admin.get(`/api/data/?${range(W, W + 14 * D)}`);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual([
      { ...all, model_name: 'gpt-4o', created_at: W + H, token_used: 90, count: 5, quota: 400 },
      { ...all, model_name: 'gpt-4o', created_at: W + 2 * H, token_used: 10, count: 1, quota: 50 },
      { ...all, model_name: 'gpt-4o', created_at: W + D + 3 * H, token_used: 80, count: 4, quota: 400 },
      { ...all, model_name: 'claude-3', created_at: W + 2 * D, token_used: 100, count: 1, quota: 1_000 },
      { ...all, model_name: 'gpt-4o-mini', created_at: W + 7 * D + 5 * H, token_used: 7, count: 1, quota: 5 },
    ]);
  });

  it('aggregates per UTC day and per week from Monday', async () => {
    const days = await admin.get(`/api/data/?${range(W, W + 14 * D)}&default_time=day`);
    expect(days.body.data).toEqual([
      { ...all, model_name: 'gpt-4o', created_at: W, token_used: 100, count: 6, quota: 450 },
      { ...all, model_name: 'gpt-4o', created_at: W + D, token_used: 80, count: 4, quota: 400 },
      { ...all, model_name: 'claude-3', created_at: W + 2 * D, token_used: 100, count: 1, quota: 1_000 },
      { ...all, model_name: 'gpt-4o-mini', created_at: W + 7 * D, token_used: 7, count: 1, quota: 5 },
    ]);
    const weeks = await admin.get(`/api/data/?${range(W, W + 14 * D)}&default_time=week`);
    expect(weeks.body.data).toEqual([
      { ...all, model_name: 'claude-3', created_at: W, token_used: 100, count: 1, quota: 1_000 },
      { ...all, model_name: 'gpt-4o', created_at: W, token_used: 180, count: 10, quota: 850 },
      { ...all, model_name: 'gpt-4o-mini', created_at: W + 7 * D, token_used: 7, count: 1, quota: 5 },
    ]);
    const hours = await admin.get(`/api/data/?${range(W, W + 14 * D)}&default_time=hour`);
    expect(hours.body.data).toHaveLength(5);
  });

  it('narrows to one user by username and to the time range', async () => {
    const one = { user_id: aliceId, username: 'dash_alice' };
    const res = await admin.get(`/api/data/?${range(W, W + 14 * D)}&default_time=day&username=dash_alice`);
    expect(res.body.data).toEqual([
      { ...one, model_name: 'gpt-4o', created_at: W, token_used: 40, count: 3, quota: 150 },
      { ...one, model_name: 'gpt-4o', created_at: W + D, token_used: 80, count: 4, quota: 400 },
      { ...one, model_name: 'gpt-4o-mini', created_at: W + 7 * D, token_used: 7, count: 1, quota: 5 },
    ]);
    const narrow = await admin.get(`/api/data/?${range(W + 2 * H, W + D + 3 * H)}`);
    expect(narrow.body.data.map((row: { created_at: number }) => row.created_at)).toEqual([W + 2 * H, W + D + 3 * H]);
    expect((await admin.get(`/api/data/?${range(W, W + 14 * D)}&username=nobody`)).body.data).toEqual([]);
  });

  it('gives users their own totals only, whatever username they send', async () => {
    const res = await alice.get(`/api/data/self?${range(W, W + 14 * D)}&default_time=week&username=dash_bob`);
    const one = { user_id: aliceId, username: 'dash_alice' };
    expect(res.body).toEqual({
      success: true,
      message: '',
      data: [
        { ...one, model_name: 'gpt-4o', created_at: W, token_used: 120, count: 7, quota: 550 },
        { ...one, model_name: 'gpt-4o-mini', created_at: W + 7 * D, token_used: 7, count: 1, quota: 5 },
      ],
    });
  });

  it('limits a user\'s query to one month, admins\' not', async () => {
    const tooLong = await alice.get(`/api/data/self?${range(W, W + 30 * D + 1)}`);
    expect([tooLong.status, tooLong.body]).toEqual([200, { success: false, message: '时间跨度不能超过 1 个月' }]);
    expect((await alice.get(`/api/data/self?start_timestamp=1`)).body.message).toBe('时间跨度不能超过 1 个月');
    expect((await alice.get(`/api/data/self?${range(W, W + 30 * D)}`)).body.data).toHaveLength(4);
    expect((await admin.get(`/api/data/?${range(W - 365 * D, W + 365 * D)}`)).body.data).toHaveLength(5);
  });

  it('answers bad input with a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['default_time=month', '输入不合法：default_time 只能是 hour、day 或 week'],
      ['start_timestamp=today', '输入不合法：start_timestamp 必须是非负整数'],
      ['end_timestamp=-3', '输入不合法：end_timestamp 必须是非负整数'],
      ['default_time=day&default_time=week', '输入不合法：default_time 只能出现一次'],
    ];
    for (const [query, message] of cases) {
      for (const [client, path] of [
        [admin, '/api/data/'],
        [alice, '/api/data/self'],
      ] as const) {
        const res = await client.get(`${path}?${query}`);
        expect([path, query, res.status, res.body]).toEqual([path, query, 200, { success: false, message }]);
      }
    }
  });

  it('refuses users on the admin route and anonymous callers everywhere', async () => {
    expect((await alice.get('/api/data/')).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
    expect((await api.client().get('/api/data/')).status).toBe(401);
    expect((await api.client().get('/api/data/self')).status).toBe(401);
  });

  it('shows usage as soon as billing has settled it', async () => {
    const carolId = await insertUser(api, 'dash_carol');
    const carol = await api.signedInAs(carolId);
    const now = Math.floor(Date.now() / 1000);
    await api.stack.bus.enqueue('modelgate.cmd.billing.usage.settle-batch', {
      batchId: `dash-${now}`,
      records: [
        {
          requestId: `dash-${now}`,
          userId: carolId,
          tokenId: 0,
          channelId: 0,
          model: 'gpt-4o',
          group: 'default',
          promptTokens: 12,
          completionTokens: 8,
          quota: 77,
          isStream: false,
          createdAt: now,
        },
      ],
    });
    let rows: any[] = [];
    expect(
      await eventually(async () => {
        rows = (await carol.get('/api/data/self')).body.data;
        return rows.length > 0;
      }),
    ).toBe(true);
    expect(rows).toEqual([
      { user_id: carolId, username: 'dash_carol', model_name: 'gpt-4o', created_at: now - (now % H), token_used: 20, count: 1, quota: 77 },
    ]);
    const logs = await carol.get('/api/log/self/');
    expect(logs.body.data.items).toMatchObject([{ type: 2, model_name: 'gpt-4o', quota: 77, prompt_tokens: 12, completion_tokens: 8 }]);
  });
});
