import type { ApiClient, ApiResponse } from '../support/api-client';
import { startWalletHarness, type WalletHarness } from './redemption-fixtures';

jest.setTimeout(60_000);

const INSUFFICIENT = '无权进行此操作，权限不足';
const NOT_SIGNED_IN = '无权进行此操作，未登录且未提供 access token';

/** Redemption-code management by admins (spec §3 Redemption, §4, §5, §7; reference §5). */
describe('/api/redemption', () => {
  let h: WalletHarness;
  let admin: ApiClient;

  beforeAll(async () => {
    h = await startWalletHarness();
    admin = h.admin;
  });
  afterAll(async () => {
    await h?.stop();
  });

  const count = async () => Number((await h.api.query(`SELECT count(*) AS n FROM redemptions`))[0].n);

  describe('authorisation', () => {
    const everyRoute = (client: ApiClient, id: number): Array<Promise<ApiResponse>> => [
      client.get('/api/redemption/'),
      client.get('/api/redemption/search?keyword=x'),
      client.get(`/api/redemption/${id}`),
      client.post('/api/redemption/', { name: 'auth', quota: 1, count: 1 }),
      client.put('/api/redemption/', { id, name: 'renamed', quota: 5 }),
      client.put('/api/redemption/?status_only=true', { id, status: 2 }),
      client.delete(`/api/redemption/${id}/`),
    ];

    it('answers an anonymous caller with 401 on every route', async () => {
      const [key] = await h.createCodes({ name: 'auth-target', quota: 10 });
      const { id } = await h.code(key!);
      for (const res of await Promise.all(everyRoute(h.api.client(), id))) {
        expect([res.status, res.body]).toEqual([401, { success: false, message: NOT_SIGNED_IN }]);
      }
    });

    it('refuses a common user on every route and changes nothing', async () => {
      const [key] = await h.createCodes({ name: 'auth-target2', quota: 10 });
      const before = await h.code(key!);
      const user = await h.signedIn(await h.insertUser({ username: 'code-user' }));
      const rows = await count();
      for (const res of await Promise.all(everyRoute(user, before.id))) {
        expect([res.status, res.body]).toEqual([200, { success: false, message: INSUFFICIENT }]);
      }
      expect(await h.code(key!)).toEqual(before);
      expect(await count()).toBe(rows);
    });

    it('lets admins and the super admin in', async () => {
      const root = await h.signedIn(h.rootId);
      for (const client of [admin, root]) {
        const res = await client.get('/api/redemption/');
        expect(res.body).toMatchObject({ success: true, data: { page: 1, page_size: 10 } });
      }
    });
  });

  describe('create', () => {
    it('issues a batch of distinct 32-character keys, unused, recorded with their creator', async () => {
      const res = await admin.post('/api/redemption/', { name: 'batch', quota: 100000, count: 3 });
      expect(res.body).toMatchObject({ success: true, message: '' });
      const keys = res.body.data as string[];
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(3);
      for (const key of keys) {
        expect(key).toMatch(/^[0-9a-f]{32}$/);
        expect(await h.code(key)).toMatchObject({ name: 'batch', quota: '100000', status: 1, user_id: h.adminId, used_user_id: 0 });
      }
      const created = Number((await h.code(keys[0]!)).created_time);
      expect(Math.abs(created - Date.now() / 1000)).toBeLessThan(60);
    });

    it('accepts quota and count as decimal strings', async () => {
      const res = await admin.post('/api/redemption/', { name: 'strings', quota: '250', count: '2' });
      expect(res.body.success).toBe(true);
      expect(res.body.data).toHaveLength(2);
      expect(await h.code(res.body.data[1])).toMatchObject({ quota: '250' });
    });

    it('names an unnamed batch after its quota as the console shows it', async () => {
      const [dollars] = await h.createCodes({ quota: 100000 });
      expect((await h.code(dollars!)).name).toBe('$0.20');
      await h.api.setOptions({ DisplayInCurrencyEnabled: 'false' });
      try {
        const [units] = await h.createCodes({ name: '  ', quota: 250000 });
        expect((await h.code(units!)).name).toBe('250.0k');
      } finally {
        await h.api.setOptions({ DisplayInCurrencyEnabled: 'true' });
      }
    });

    it.each([
      [{ name: 'x'.repeat(21), quota: 10, count: 1 }, '兑换码名称长度必须在1-20之间'],
      [{ name: 'n', quota: 10, count: 0 }, '兑换码个数必须大于0'],
      [{ name: 'n', quota: 10 }, '兑换码个数必须大于0'],
      [{ name: 'n', quota: 10, count: -3 }, '兑换码个数必须大于0'],
      [{ name: 'n', quota: 10, count: 101 }, '一次兑换码批量生成的个数不能大于 100'],
      [{ name: 'n', quota: 10, count: 5_000_000_000 }, '一次兑换码批量生成的个数不能大于 100'],
      [{ name: 'n', quota: 0, count: 1 }, '兑换码额度必须大于0'],
      [{ name: 'n', quota: -100, count: 1 }, '兑换码额度必须大于0'],
      [{ name: 'n', count: 1 }, '兑换码额度必须大于0'],
      [{ name: 'n', quota: 1.5, count: 1 }, '输入不合法：quota 的类型错误，应为整数'],
      [{ name: 'n', quota: 'lots', count: 1 }, '输入不合法：quota 的类型错误，应为数字'],
      [{ name: 'n', quota: 10, count: 2.5 }, '输入不合法：count 的类型错误，应为整数'],
      [{ name: 42, quota: 10, count: 1 }, '输入不合法：name 的类型错误，应为字符串'],
    ])('refuses %j with "%s" and creates nothing', async (body, message) => {
      const rows = await count();
      const res = await admin.post('/api/redemption/', body);
      expect([res.status, res.body]).toEqual([200, { success: false, message }]);
      expect(await count()).toBe(rows);
    });

    it('counts a name in characters, not bytes', async () => {
      const res = await admin.post('/api/redemption/', { name: '兑'.repeat(20), quota: 1, count: 1 });
      expect(res.body.success).toBe(true);
    });

    it('answers a malformed body with an envelope, never a fault', async () => {
      for (const res of [
        await admin.raw('POST', '/api/redemption/', '{"name":'),
        await admin.raw('POST', '/api/redemption/', '[1,2]'),
        await admin.raw('POST', '/api/redemption/', 'null'),
      ]) {
        expect(res.status).toBe(200);
        expect(res.body.success).toBe(false);
        expect(res.body.message).not.toBe('');
      }
    });
  });

  describe('list, search and view', () => {
    let ids: number[];

    beforeAll(async () => {
      ids = [];
      for (const name of ['list-alpha', 'list-beta', 'list_%']) {
        const [key] = await h.createCodes({ name, quota: 7 });
        ids.push((await h.code(key!)).id);
      }
    });

    it('pages newest first with the total; p=0 is the first page', async () => {
      const total = await count();
      const first = await admin.get('/api/redemption/?p=0&page_size=2');
      expect(first.body.data).toMatchObject({ page: 1, page_size: 2, total });
      expect(first.body.data.items.map((item: { id: number }) => item.id)).toEqual([ids[2], ids[1]]);
      expect((await admin.get('/api/redemption/?p=1&page_size=2')).body.data).toEqual(first.body.data);
      const second = await admin.get('/api/redemption/?p=2&page_size=2');
      expect(second.body.data.items[0].id).toBe(ids[0]);
      expect((await admin.get('/api/redemption/')).body.data.page_size).toBe(10);
      expect((await admin.get('/api/redemption/?page_size=1000')).body.data.page_size).toBe(100);
    });

    it('shows every field of a code with JSON numbers', async () => {
      const res = await admin.get(`/api/redemption/${ids[0]}`);
      expect(res.body).toEqual({
        success: true,
        message: '',
        data: {
          id: ids[0],
          user_id: h.adminId,
          key: expect.stringMatching(/^[0-9a-f]{32}$/),
          status: 1,
          name: 'list-alpha',
          quota: 7,
          created_time: expect.any(Number),
          redeemed_time: 0,
          used_user_id: 0,
        },
      });
    });

    it('searches by name prefix (wildcards literal) or by id', async () => {
      const names = async (query: string) =>
        (await admin.get(`/api/redemption/search?${query}`)).body.data.items.map((item: { name: string }) => item.name);
      expect(await names('keyword=list-')).toEqual(['list-beta', 'list-alpha']);
      expect(await names('keyword=LIST-B')).toEqual(['list-beta']);
      expect(await names('keyword=alpha')).toEqual([]);
      expect(await names(`keyword=${encodeURIComponent('list_%')}`)).toEqual(['list_%']);
      expect(await names(`keyword=${ids[1]}`)).toEqual(['list-beta']);
      const paged = await admin.get('/api/redemption/search?keyword=list&p=0&page_size=1');
      expect(paged.body.data).toMatchObject({ page: 1, page_size: 1, total: 3 });
    });

    it('refuses unknown and malformed ids and bad paging with a message', async () => {
      expect((await admin.get('/api/redemption/99999999')).body).toEqual({ success: false, message: '兑换码不存在' });
      for (const path of ['/api/redemption/abc', '/api/redemption/0', '/api/redemption/99999999999']) {
        const res = await admin.get(path);
        expect([res.status, res.body.success]).toEqual([200, false]);
        expect(res.body.message).toContain('兑换码 ID');
      }
      for (const path of ['/api/redemption/?p=-1', '/api/redemption/?page_size=x', '/api/redemption/?p=1&p=2']) {
        const res = await admin.get(path);
        expect([res.status, res.body.success]).toEqual([200, false]);
      }
    });
  });

  describe('edit, status and delete', () => {
    it('edits the name and quota of an unused code and returns it', async () => {
      const [key] = await h.createCodes({ name: 'editable', quota: 10 });
      const { id } = await h.code(key!);
      const res = await admin.put('/api/redemption/', { id, name: 'edited', quota: 20, status: 3, key: 'ignored' });
      expect(res.body).toMatchObject({ success: true, data: { id, name: 'edited', quota: 20, status: 1, key } });
      expect(await h.code(key!)).toMatchObject({ name: 'edited', quota: '20', status: 1 });
    });

    it('validates an edit like a creation', async () => {
      const [key] = await h.createCodes({ name: 'edit-rules', quota: 10 });
      const { id } = await h.code(key!);
      expect((await admin.put('/api/redemption/', { id, name: '', quota: 5 })).body.message).toBe('兑换码名称长度必须在1-20之间');
      expect((await admin.put('/api/redemption/', { id, name: 'ok', quota: 0 })).body.message).toBe('兑换码额度必须大于0');
      expect((await admin.put('/api/redemption/', { name: 'ok', quota: 1 })).body.success).toBe(false);
      expect((await admin.put('/api/redemption/', { id: 99999999, name: 'ok', quota: 1 })).body.message).toBe('兑换码不存在');
      expect(await h.code(key!)).toMatchObject({ name: 'edit-rules', quota: '10' });
    });

    it('disables and re-enables a code; only 1 and 2 may be set', async () => {
      const [key] = await h.createCodes({ name: 'toggle', quota: 10 });
      const { id } = await h.code(key!);
      const off = await admin.put('/api/redemption/?status_only=true', { id, status: 2 });
      expect(off.body).toMatchObject({ success: true, data: { id, status: 2 } });
      const on = await admin.put('/api/redemption/?status_only=true', { id, status: '1' });
      expect(on.body).toMatchObject({ success: true, data: { id, status: 1 } });
      for (const status of [3, 0, 99, -1]) {
        const res = await admin.put('/api/redemption/?status_only=true', { id, status });
        expect(res.body).toEqual({ success: false, message: '无效的兑换码状态，只能启用（1）或禁用（2）' });
      }
      expect((await h.code(key!)).status).toBe(1);
    });

    it('never edits, enables or disables a used code', async () => {
      const [key] = await h.createCodes({ name: 'spent', quota: 10 });
      const { id } = await h.code(key!);
      const userId = await h.insertUser({ username: 'spender' });
      expect((await (await h.signedIn(userId)).post('/api/user/topup', { key })).body.success).toBe(true);
      const edit = await admin.put('/api/redemption/', { id, name: 'again', quota: 99999 });
      expect(edit.body).toEqual({ success: false, message: '该兑换码已被使用，无法修改' });
      for (const status of [1, 2]) {
        const res = await admin.put('/api/redemption/?status_only=true', { id, status });
        expect(res.body).toEqual({ success: false, message: '该兑换码已被使用，无法启用或禁用' });
      }
      expect(await h.code(key!)).toMatchObject({ status: 3, name: 'spent', quota: '10', used_user_id: userId });
    });

    it('deletes a code: gone from views, lists and redemption', async () => {
      const [key] = await h.createCodes({ name: 'doomed', quota: 10 });
      const { id } = await h.code(key!);
      expect((await admin.delete(`/api/redemption/${id}/`)).body).toEqual({ success: true, message: '' });
      expect((await admin.get(`/api/redemption/${id}`)).body).toEqual({ success: false, message: '兑换码不存在' });
      expect((await admin.delete(`/api/redemption/${id}`)).body).toEqual({ success: false, message: '兑换码不存在' });
      const listed = (await admin.get('/api/redemption/search?keyword=doomed')).body.data;
      expect(listed).toMatchObject({ items: [], total: 0 });
      const user = await h.signedIn(await h.insertUser({ username: 'too-late' }));
      expect((await user.post('/api/user/topup', { key })).body.message).toBe('兑换失败，无效的兑换码');
      expect((await h.code(key!)).deleted_at).not.toBeNull();
    });
  });
});
