import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { insertLogs, insertUser } from './logs-fixtures';

jest.setTimeout(60_000);

/** `GET /api/log/`, `/api/log/self/` and their `/stat`: filters, paging, scoping, statistics. */
describe('/api usage log', () => {
  let api: ApiStack;
  let admin: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: number;
  let bobId: number;
  let channelId: number;
  const now = Math.floor(Date.now() / 1000);
  /** A day well in the past, so the rpm/tpm window never sees these rows. */
  const day = 1_750_000_000;

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    aliceId = await insertUser(api, 'log_alice');
    bobId = await insertUser(api, 'log_bob', 1, 'vip');
    admin = await api.signedInAs(await insertUser(api, 'log_admin', 10));
    alice = await api.signedInAs(aliceId);
    bob = await api.signedInAs(bobId);
    [{ id: channelId }] = await api.query(`INSERT INTO channels (key, name) VALUES ('sk-x', 'primary-upstream') RETURNING id`);
    const other = JSON.stringify({ frt: 120, model_ratio: 2, admin_info: { use_channel: [String(channelId)] } });
    await insertLogs(api, [
      { userId: aliceId, username: 'log_alice', createdAt: day + 10, type: 1, quota: 500_000, content: 'top-up' },
      { userId: aliceId, username: 'log_alice', createdAt: day + 20, tokenName: 'key-a', modelName: 'gpt-4o', quota: 100, promptTokens: 10, completionTokens: 5, channelId, other },
      { userId: aliceId, username: 'log_alice', createdAt: day + 30, tokenName: 'key-b', modelName: 'gpt-4o-mini', quota: 40, channelId, other },
      { id: 5_000, userId: aliceId, username: 'log_alice', createdAt: day + 40, tokenName: 'key-a', modelName: 'gpt-4o-mini', quota: 60, channelId, other },
      { userId: bobId, username: 'log_bob', createdAt: day + 25, tokenName: 'bob-key', modelName: 'gpt-4o', quota: 1_000, group: 'vip', channelId },
      { userId: bobId, username: 'log_bob', createdAt: day + 50, type: 3, content: 'admin changed quota', group: 'vip' },
      // Inside the rpm/tpm window of the statistics, and one just outside it.
      { userId: aliceId, username: 'log_alice', createdAt: now - 5, modelName: 'gpt-4o', quota: 7, promptTokens: 100, completionTokens: 20 },
      { userId: aliceId, username: 'log_alice', createdAt: now - 10, modelName: 'gpt-4o', quota: 3, promptTokens: 30, completionTokens: 0 },
      { userId: bobId, username: 'log_bob', createdAt: now - 10, modelName: 'gpt-4o', quota: 11, promptTokens: 1, completionTokens: 1, group: 'vip' },
      { userId: aliceId, username: 'log_alice', createdAt: now - 120, modelName: 'gpt-4o', quota: 9, promptTokens: 1_000 },
    ]);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const totalRows = async () => Number((await api.query(`SELECT count(*) AS n FROM logs`))[0].n);
  const createdAts = (items: Array<{ created_at: number }>) => items.map((item) => item.created_at);

  describe('admin listing', () => {
    it('pages over every row newest first, 10 per page, with the paged shape', async () => {
      const res = await admin.get('/api/log/');
      expect(res.body.success).toBe(true);
      expect(res.body.data).toMatchObject({ page: 1, page_size: 10, total: await totalRows() });
      const times = createdAts(res.body.data.items);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(res.body.data.items).toHaveLength(10);
    });

    it('treats p=0 as the first page and pages on with page_size', async () => {
      const first = await admin.get('/api/log/?p=0&page_size=4');
      expect(first.body.data).toEqual((await admin.get('/api/log/?p=1&page_size=4')).body.data);
      const second = await admin.get('/api/log/?p=2&page_size=4');
      expect(second.body.data.items).toHaveLength(4);
      expect(Math.min(...createdAts(first.body.data.items))).toBeGreaterThanOrEqual(Math.max(...createdAts(second.body.data.items)));
      const past = await admin.get('/api/log/?p=99&page_size=4');
      expect(past.body.data).toMatchObject({ items: [], page: 99, total: await totalRows() });
      expect((await admin.get('/api/log/?page_size=1000')).body.data.page_size).toBe(100);
    });

    it('shows the admin-only fields: channel, channel name and admin_info', async () => {
      const res = await admin.get('/api/log/?username=log_alice&token_name=key-a&start_timestamp=' + (day + 39));
      const [row] = res.body.data.items;
      expect(row).toMatchObject({ id: 5_000, user_id: aliceId, username: 'log_alice', channel: channelId, channel_name: 'primary-upstream', quota: 60 });
      expect(JSON.parse(row.other).admin_info).toEqual({ use_channel: [String(channelId)] });
    });

    it.each([
      ['type=1', (row: any) => row.type === 1, 1],
      ['type=3', (row: any) => row.type === 3, 1],
      ['username=log_bob', (row: any) => row.username === 'log_bob', 3],
      ['token_name=key-a', (row: any) => row.token_name === 'key-a', 2],
      ['model_name=gpt-4o-mini', (row: any) => row.model_name === 'gpt-4o-mini', 2],
      [`start_timestamp=${day + 20}&end_timestamp=${day + 30}`, (row: any) => row.created_at >= day + 20 && row.created_at <= day + 30, 3],
      ['group=vip', (row: any) => row.group === 'vip', 3],
      ['channel=CHANNEL', (row: any) => row.channel === channelId, 4],
      ['username=log_alice&model_name=gpt-4o&type=2', (row: any) => row.username === 'log_alice' && row.model_name === 'gpt-4o', 4],
      ['username=nobody', () => false, 0],
    ])('filters by %s', async (query, matches, expected) => {
      const res = await admin.get(`/api/log/?page_size=100&${query.replace('CHANNEL', String(channelId))}`);
      expect(res.body.success).toBe(true);
      expect(res.body.data.total).toBe(expected);
      expect(res.body.data.items).toHaveLength(expected);
      expect(res.body.data.items.every(matches)).toBe(true);
    });

    it('refuses users and anonymous callers', async () => {
      for (const path of ['/api/log/', '/api/log/stat']) {
        expect((await alice.get(path)).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
        const anonymous = await api.client().get(path);
        expect([anonymous.status, anonymous.body.success]).toEqual([401, false]);
      }
      expect((await api.client().get('/api/log/self/')).status).toBe(401);
    });
  });

  describe('own rows', () => {
    it('lists only the caller\'s rows, for users and admins alike', async () => {
      const res = await alice.get('/api/log/self/?page_size=100');
      expect(res.body.success).toBe(true);
      const items = res.body.data.items as Array<Record<string, any>>;
      expect(items).toHaveLength(7);
      expect(res.body.data.total).toBe(7);
      expect(items.every((row) => row.user_id === aliceId && row.username === 'log_alice')).toBe(true);
      expect((await bob.get('/api/log/self')).body.data.items.every((row: any) => row.user_id === bobId)).toBe(true);
      expect((await admin.get('/api/log/self/')).body.data).toMatchObject({ items: [], total: 0 });
    });

    it('never shows channel fields, admin_info or the global row id', async () => {
      const res = await alice.get('/api/log/self/?page_size=100');
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/admin_info|channel|primary-upstream/);
      const high = res.body.data.items.find((row: any) => row.created_at === day + 40);
      expect(high.id).toBe(5_000 % 1024);
      expect(JSON.parse(high.other)).toEqual({ frt: 120, model_ratio: 2 });
    });

    it('ignores the admin-only filters instead of widening the scope', async () => {
      const byName = await alice.get('/api/log/self/?username=log_bob&page_size=100');
      expect(byName.body.data.total).toBe(7);
      expect(byName.body.data.items.every((row: any) => row.user_id === aliceId)).toBe(true);
      const byChannel = await alice.get(`/api/log/self/?channel=${channelId + 1000}`);
      expect(byChannel.body.data.total).toBe(7);
    });

    it('applies the other filters within the caller\'s rows', async () => {
      const res = await alice.get(`/api/log/self/?token_name=key-a&model_name=gpt-4o-mini&type=2`);
      expect(res.body.data.items.map((row: any) => row.created_at)).toEqual([day + 40]);
      expect((await bob.get('/api/log/self/?token_name=key-a')).body.data.total).toBe(0);
      expect((await bob.get('/api/log/self/?group=vip')).body.data.total).toBe(3);
    });
  });

  describe('statistics', () => {
    it('sums the consumption quota over the filters and counts the last minute', async () => {
      const all = await admin.get('/api/log/stat');
      expect(all.body).toEqual({ success: true, message: '', data: { quota: 100 + 40 + 60 + 1_000 + 7 + 3 + 11 + 9, rpm: 3, tpm: 152 } });
      const aliceOnly = await admin.get('/api/log/stat?username=log_alice');
      expect(aliceOnly.body.data).toEqual({ quota: 100 + 40 + 60 + 7 + 3 + 9, rpm: 2, tpm: 150 });
      const ranged = await admin.get(`/api/log/stat?start_timestamp=${day}&end_timestamp=${day + 30}&model_name=gpt-4o`);
      expect(ranged.body.data).toEqual({ quota: 1_100, rpm: 3, tpm: 152 });
      const typeIgnored = await admin.get('/api/log/stat?type=1&username=log_bob');
      expect(typeIgnored.body.data).toEqual({ quota: 1_011, rpm: 1, tpm: 2 });
    });

    it('gives users the statistics of their own rows only', async () => {
      const res = await bob.get('/api/log/self/stat?username=log_alice');
      expect(res.body).toEqual({ success: true, message: '', data: { quota: 1_011, rpm: 1, tpm: 2 } });
      expect((await alice.get('/api/log/self/stat?token_name=key-a')).body.data).toEqual({ quota: 160, rpm: 0, tpm: 0 });
    });
  });

  describe('bad input', () => {
    const everyRoute = ['/api/log/', '/api/log/stat', '/api/log/self/', '/api/log/self/stat'];
    it.each([
      ['type=abc', '输入不合法：type 必须是非负整数', everyRoute],
      ['type=-1', '输入不合法：type 必须是非负整数', everyRoute],
      ['type=9', '输入不合法：type 必须是 0 到 4 之间的整数', everyRoute],
      ['start_timestamp=yesterday', '输入不合法：start_timestamp 必须是非负整数', everyRoute],
      ['end_timestamp=1.5', '输入不合法：end_timestamp 必须是非负整数', everyRoute],
      ['start_timestamp=99999999999999999999', '输入不合法：start_timestamp 必须是非负整数', everyRoute],
      ['type=1&type=2', '输入不合法：type 只能出现一次', everyRoute],
      [`model_name=${'m'.repeat(300)}`, '输入不合法：model_name 长度不能超过 255 个字符', everyRoute],
      // Admin-only filter; users' requests leave it out (see above).
      ['channel=x', '输入不合法：channel 必须是非负整数', ['/api/log/', '/api/log/stat']],
      ['channel=3000000000', '输入不合法：channel 不能大于 2147483647', ['/api/log/', '/api/log/stat']],
      // Paging belongs to the listings only.
      ['p=first', '输入不合法：p 必须是非负整数', ['/api/log/', '/api/log/self/']],
      ['page_size=-5', '输入不合法：page_size 必须是非负整数', ['/api/log/', '/api/log/self/']],
    ])('answers %s with a clear message, never a fault', async (query, message, paths) => {
      for (const path of paths) {
        const client = path.includes('/self') ? alice : admin;
        const res = await client.get(`${path}?${query}`);
        expect([path, res.status, res.body]).toEqual([path, 200, { success: false, message }]);
      }
    });

    it('treats empty filters as absent', async () => {
      const res = await alice.get('/api/log/self/?type=&username=&token_name=&model_name=&start_timestamp=&end_timestamp=&group=&p=');
      expect(res.body.data.total).toBe(7);
    });
  });
});
