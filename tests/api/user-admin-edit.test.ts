import { compare } from 'bcryptjs';
import type { ApiClient } from '../support/api-client';
import { startUserAdminHarness, type UserAdminHarness } from './user-admin-fixtures';

jest.setTimeout(60_000);

/** `POST /api/user/` and `PUT /api/user/`: creating and editing users, balances through billing. */
describe('/api user management: create and edit', () => {
  let h: UserAdminHarness;
  let root: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    h = await startUserAdminHarness();
    root = await h.signedIn(h.rootId);
    admin = await h.signedIn(await h.insertUser({ username: 'ed-admin', role: 10 }));
  });
  afterAll(async () => {
    await h?.stop();
  });

  const logsOf = (userId: number) =>
    h.api.query(`SELECT type, content, quota FROM logs WHERE user_id = $1 ORDER BY id`, [userId]);

  describe('create', () => {
    it('creates a common user with a hashed password, the display name defaulting to the username', async () => {
      const res = await admin.post('/api/user/', { username: 'ed-new', password: 'secret-pw1', role: 1 });
      expect(res.body).toMatchObject({
        success: true,
        data: { username: 'ed-new', display_name: 'ed-new', role: 1, status: 1, group: 'default', quota: 0 },
      });
      const row = await h.row(res.body.data.id);
      expect(await compare('secret-pw1', row.password)).toBe(true);
      expect(row.aff_code).toMatch(/^[A-Za-z0-9]{4}$/);
      const named = await root.post('/api/user/', { username: 'ed-named', display_name: 'Named One', password: 'secret-pw1' });
      expect(named.body.data).toMatchObject({ display_name: 'Named One', role: 1 });
    });

    it('grants QuotaForNewUser through billing with a system log', async () => {
      await h.api.setOptions({ QuotaForNewUser: '1000' });
      try {
        const res = await root.post('/api/user/', { username: 'ed-rich', password: 'secret-pw1' });
        expect(res.body.data.quota).toBe(1000);
        expect(await logsOf(res.body.data.id)).toEqual([{ type: 4, content: '新用户注册赠送 ＄0.002000 额度', quota: '1000' }]);
      } finally {
        await h.api.setOptions({ QuotaForNewUser: '0' });
      }
    });

    it.each([
      [{ password: 'secret-pw1' }, '用户名和密码不能为空！'],
      [{ username: 'ed-x' }, '用户名和密码不能为空！'],
      [{ username: '', password: '' }, '用户名和密码不能为空！'],
      [{ username: 'ed-abcdefghij', password: 'secret-pw1' }, '输入不合法：用户名长度不能超过 12 个字符'],
      [{ username: 'ed x', password: 'secret-pw1' }, '输入不合法：用户名不能包含空白或控制字符'],
      [{ username: 'ed-x', password: 'short' }, '输入不合法：密码长度不得小于 8 位'],
      [{ username: 'ed-x', password: 'p'.repeat(21) }, '输入不合法：密码长度不得超过 20 位'],
      [{ username: 'ed-x', password: 'secret-pw1', display_name: 'd'.repeat(21) }, '输入不合法：显示名称长度不能超过 20 个字符'],
      [{ username: 123, password: 'secret-pw1' }, '输入不合法：username 的类型错误，应为字符串'],
      [{ username: 'u'.repeat(65), password: 'secret-pw1' }, '输入不合法：username 长度不能超过 64 个字符'],
      [{ username: 'ed-x', password: 'secret-pw1', role: 'admin' }, '输入不合法：role 的类型错误，应为数字'],
      [[], '输入不合法：请求体的类型错误，应为JSON 对象'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await admin.post('/api/user/', body);
      expect([res.status, res.body]).toEqual([200, { success: false, message }]);
      expect(await h.api.query(`SELECT id FROM users WHERE username = 'ed-x'`)).toEqual([]);
    });

    it('refuses a taken username, a deleted user’s included', async () => {
      await h.insertUser({ username: 'ed-taken' });
      await h.insertUser({ username: 'ed-deleted', deleted: true });
      for (const username of ['ed-taken', 'ed-deleted']) {
        const res = await admin.post('/api/user/', { username, password: 'secret-pw1' });
        expect(res.body).toEqual({ success: false, message: '用户名已存在，或已注销' });
      }
    });

    it('refuses malformed JSON with an envelope error', async () => {
      const res = await admin.raw('POST', '/api/user/', '{"username":');
      expect([res.status, res.body.success]).toEqual([200, false]);
    });
  });

  describe('edit', () => {
    it('edits username, display name and group, and ignores fields admins cannot edit', async () => {
      const id = await h.insertUser({ username: 'ed-plain', email: 'plain@example.com' });
      const loaded = (await admin.get(`/api/user/${id}`)).body.data;
      // The console sends back everything it loaded, with an empty password.
      const res = await admin.put('/api/user/', {
        ...loaded,
        username: 'ed-renamed',
        display_name: 'Renamed',
        group: 'vip',
        password: '',
        status: 2,
        email: 'evil@example.com',
        access_token: 'forged',
      });
      expect(res.body).toMatchObject({ success: true, data: { id, username: 'ed-renamed', display_name: 'Renamed', group: 'vip' } });
      expect(await h.row(id)).toMatchObject({
        username: 'ed-renamed',
        status: 1,
        email: 'plain@example.com',
        access_token: null,
        password: 'not-a-hash',
      });
      expect(await logsOf(id)).toEqual([]);
    });

    it('leaves absent and null fields unchanged', async () => {
      const id = await h.insertUser({ username: 'ed-keep', group: 'vip', quota: 77 });
      const res = await admin.put('/api/user/', { id, display_name: 'Kept', username: null, group: null, quota: null });
      expect(res.body.data).toMatchObject({ username: 'ed-keep', display_name: 'Kept', group: 'vip', quota: 77 });
    });

    it('refuses an unknown group, a taken username and bad values', async () => {
      const id = await h.insertUser({ username: 'ed-rules' });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ group: 'nope' }, '输入不合法：分组 nope 不存在，请先在系统设置中设置它的分组倍率'],
        [{ group: '' }, '输入不合法：分组不能为空'],
        [{ username: 'ed-admin' }, '用户名已存在，或已注销'],
        [{ username: '' }, '输入不合法：用户名不能为空'],
        [{ password: 'short' }, '输入不合法：密码长度不得小于 8 位'],
        [{ display_name: 'd'.repeat(21) }, '输入不合法：显示名称长度不能超过 20 个字符'],
        [{ quota: 1.5 }, '输入不合法：quota 的类型错误，应为整数'],
        [{ quota: '100' }, '输入不合法：quota 的类型错误，应为数字'],
        [{ quota: 2e15 }, '输入不合法：quota 不能大于 1000000000000000'],
        [{ quota: 1e16 }, '输入不合法：quota 不能大于 1000000000000000'],
        [{ quota: -500 }, '输入不合法：quota 必须是 0 到 1000000000000000 之间的整数'],
        [{ quota_delta: -2e15 }, '输入不合法：quota_delta 不能小于 -1000000000000000'],
        [{ quota: 5, quota_delta: 5 }, '无效的参数：quota 与 quota_delta 不能同时指定'],
      ];
      for (const [fields, message] of cases) {
        const res = await admin.put('/api/user/', { id, ...fields });
        expect([fields, res.body]).toEqual([fields, { success: false, message }]);
      }
      expect(await h.row(id)).toMatchObject({ username: 'ed-rules', group: 'default', quota: '0', password: 'not-a-hash' });
    });

    it('needs the id of a live user', async () => {
      const goneId = await h.insertUser({ username: 'ed-gone', deleted: true });
      const cases: Array<[unknown, string]> = [
        [{ display_name: 'x' }, '输入不合法：id 的类型错误，应为数字'],
        [{ id: 'abc' }, '输入不合法：id 的类型错误，应为数字'],
        [{ id: 0 }, '输入不合法：id 必须大于 0'],
        [{ id: 987654 }, '用户不存在'],
        [{ id: goneId, display_name: 'x' }, '该用户已注销，无法操作'],
      ];
      for (const [body, message] of cases) {
        expect((await admin.put('/api/user/', body)).body).toEqual({ success: false, message });
      }
    });

    it('changes the password and signs the user out everywhere', async () => {
      const id = await h.insertUser({ username: 'ed-pw' });
      const [laptop, phone] = [await h.signedIn(id), await h.signedIn(id)];
      expect((await laptop.get('/api/user/self')).status).toBe(200);
      const refused = await admin.put('/api/user/', { id, password: 'short' });
      expect(refused.body.success).toBe(false);
      expect(await h.sessionCount(id)).toBe(2);

      const res = await admin.put('/api/user/', { id, password: 'brand-new-pw' });
      expect(res.body.success).toBe(true);
      expect(await compare('brand-new-pw', (await h.row(id)).password)).toBe(true);
      expect(await h.sessionCount(id)).toBe(0);
      for (const client of [laptop, phone]) expect((await client.get('/api/user/self')).status).toBe(401);
    });

    it('applies an absolute balance as a difference through billing, with a management log', async () => {
      const id = await h.insertUser({ username: 'ed-quota', quota: 1000 });
      expect((await admin.put('/api/user/', { id, quota: 5000 })).body.data.quota).toBe(5000);
      expect((await admin.put('/api/user/', { id, quota: 3000 })).body.data.quota).toBe(3000);
      expect((await admin.put('/api/user/', { id, quota: 3000, display_name: 'same' })).body.success).toBe(true);
      expect((await admin.put('/api/user/', { id, quota: 0 })).body.data.quota).toBe(0);
      expect((await h.row(id)).quota).toBe('0');
      expect(await logsOf(id)).toEqual([
        { type: 3, content: '管理员将用户额度从 ＄0.002000 额度修改为 ＄0.010000 额度', quota: '4000' },
        { type: 3, content: '管理员将用户额度从 ＄0.010000 额度修改为 ＄0.006000 额度', quota: '2000' },
        { type: 3, content: '管理员将用户额度从 ＄0.006000 额度修改为 ＄0.000000 额度', quota: '3000' },
      ]);
      const [first] = await h.api.query(`SELECT other FROM logs WHERE user_id = $1 ORDER BY id LIMIT 1`, [id]);
      expect(JSON.parse(first.other)).toEqual({ admin_quota: { from: 1000, to: 5000 } });
    });

    it('adds or deducts an amount (the console’s add-quota), never below a zero balance', async () => {
      const id = await h.insertUser({ username: 'ed-delta', quota: 1000 });
      expect((await admin.put('/api/user/', { id, quota_delta: 700 })).body.data.quota).toBe(1700);
      expect((await admin.put('/api/user/', { id, quota_delta: -2000 })).body).toMatchObject({ success: false, message: '扣减后余额不能为负数' });
      expect((await h.row(id)).quota).toBe('1700');
      expect((await admin.put('/api/user/', { id, quota_delta: -1700 })).body.data.quota).toBe(0);
      expect(await logsOf(id)).toEqual([
        { type: 3, content: '管理员增加用户额度 ＄0.001400 额度', quota: '700' },
        { type: 3, content: '管理员减少用户额度 ＄0.003400 额度', quota: '1700' },
      ]);
      // The structured change the console words in the reader's language.
      const others = await h.api.query(`SELECT other FROM logs WHERE user_id = $1 ORDER BY id`, [id]);
      expect(others.map((row) => JSON.parse(row.other))).toEqual([{ admin_quota: { delta: 700 } }, { admin_quota: { delta: -1700 } }]);
    });

    it('words logs in quota units when currency display is off', async () => {
      await h.api.setOptions({ DisplayInCurrencyEnabled: 'false' });
      try {
        const id = await h.insertUser({ username: 'ed-units', quota: 10 });
        await admin.put('/api/user/', { id, quota: 25 });
        expect(await logsOf(id)).toEqual([{ type: 3, content: '管理员将用户额度从 10 点额度修改为 25 点额度', quota: '15' }]);
      } finally {
        await h.api.setOptions({ DisplayInCurrencyEnabled: 'true' });
      }
    });
  });
});
