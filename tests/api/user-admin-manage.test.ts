import type { ApiClient } from '../support/api-client';
import { startUserAdminHarness, type UserAdminHarness } from './user-admin-fixtures';

jest.setTimeout(60_000);

/** `POST /api/user/manage {id, action}`: promote, demote, enable, disable, delete (spec §4, §6). */
describe('/api user management: actions', () => {
  let h: UserAdminHarness;
  let root: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    h = await startUserAdminHarness();
    root = await h.signedIn(h.rootId);
    admin = await h.signedIn(await h.insertUser({ username: 'mg-admin', role: 10 }));
  });
  afterAll(async () => {
    await h?.stop();
  });

  const manage = (client: ApiClient, id: number, action: string) => client.post('/api/user/manage', { id, action });

  it('lets the super admin promote a common user and demote an admin, once each', async () => {
    const id = await h.insertUser({ username: 'mg-rise' });
    expect((await manage(root, id, 'promote')).body).toEqual({ success: true, message: '', data: { role: 10, status: 1 } });
    expect((await h.row(id)).role).toBe(10);
    expect((await manage(root, id, 'promote')).body).toEqual({ success: false, message: '该用户已经是管理员' });
    expect((await manage(root, id, 'demote')).body.data).toEqual({ role: 1, status: 1 });
    expect((await h.row(id)).role).toBe(1);
    expect((await manage(root, id, 'demote')).body).toEqual({ success: false, message: '该用户已经是普通用户' });
  });

  it('lets an admin disable and enable a common user', async () => {
    const id = await h.insertUser({ username: 'mg-toggle' });
    expect((await manage(admin, id, 'disable')).body.data).toEqual({ role: 1, status: 2 });
    expect((await h.row(id)).status).toBe(2);
    expect((await manage(admin, id, 'disable')).body.data).toEqual({ role: 1, status: 2 });
    expect((await manage(admin, id, 'enable')).body.data).toEqual({ role: 1, status: 1 });
    expect((await h.row(id)).status).toBe(1);
  });

  it('never enables a user whose status is "cannot be enabled", nor turns it into a plain ban', async () => {
    const id = await h.insertUser({ username: 'mg-locked', status: 3 });
    expect((await manage(root, id, 'enable')).body).toEqual({ success: false, message: '该用户处于不可启用状态，无法启用' });
    expect((await manage(root, id, 'disable')).body.data).toEqual({ role: 1, status: 3 });
    expect((await h.row(id)).status).toBe(3);
  });

  it('soft-deletes: the row stays, shown as deleted, its name taken, and nothing more can be done to it', async () => {
    const id = await h.insertUser({ username: 'mg-bye' });
    expect((await manage(admin, id, 'delete')).body).toEqual({ success: true, message: '', data: { role: 1, status: 1 } });
    const row = await h.row(id);
    expect(row.deleted_at).not.toBeNull();
    const viewed = await admin.get(`/api/user/${id}`);
    expect(viewed.body.data.deleted_at).toBeGreaterThan(0);
    for (const action of ['delete', 'enable', 'disable', 'promote']) {
      expect((await manage(root, id, action)).body).toEqual({ success: false, message: '该用户已注销，无法操作' });
    }
    expect((await admin.post('/api/user/', { username: 'mg-bye', password: 'secret-pw1' })).body.message).toBe(
      '用户名已存在，或已注销',
    );
  });

  it('lets the super admin delete an admin', async () => {
    const id = await h.insertUser({ username: 'mg-exadmin', role: 10 });
    expect((await manage(root, id, 'delete')).body.success).toBe(true);
    expect((await h.row(id)).deleted_at).not.toBeNull();
  });

  it('refuses unknown actions, wrong types and missing users with envelope errors', async () => {
    const id = await h.insertUser({ username: 'mg-input' });
    const cases: Array<[unknown, string]> = [
      [{ id, action: 'ban' }, '无效的参数：action 必须是 promote、demote、enable、disable 或 delete'],
      [{ id, action: '' }, '无效的参数：action 必须是 promote、demote、enable、disable 或 delete'],
      [{ id, action: 'constructor' }, '无效的参数：action 必须是 promote、demote、enable、disable 或 delete'],
      [{ id, action: 3 }, '输入不合法：action 的类型错误，应为字符串'],
      [{ id, action: 'x'.repeat(33) }, '输入不合法：action 长度不能超过 32 个字符'],
      [{ id: String(id), action: 'disable' }, '输入不合法：id 的类型错误，应为数字'],
      [{ id: -1, action: 'disable' }, '输入不合法：id 必须大于 0'],
      [{ action: 'disable' }, '输入不合法：id 的类型错误，应为数字'],
      [{ id: 987654, action: 'disable' }, '用户不存在'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/user/manage', body);
      expect([body, res.status, res.body]).toEqual([body, 200, { success: false, message }]);
    }
    const empty = await admin.post('/api/user/manage');
    expect(empty.body).toEqual({ success: false, message: '输入不合法：id 的类型错误，应为数字' });
    expect(await h.row(id)).toMatchObject({ status: 1, role: 1, deleted_at: null });
  });

  describe('a signed-in target', () => {
    it('is refused on the very next request once banned, on every device', async () => {
      const id = await h.insertUser({ username: 'mg-banned' });
      const [laptop, phone] = [await h.signedIn(id), await h.signedIn(id)];
      expect((await laptop.get('/api/user/self')).status).toBe(200);
      expect((await manage(admin, id, 'disable')).body.success).toBe(true);
      for (const client of [laptop, phone]) {
        const res = await client.get('/api/user/self');
        expect([res.status, res.body.success]).toEqual([401, false]);
      }
      expect(await h.sessionCount(id)).toBe(0);
    });

    it('cannot use a system access token once banned', async () => {
      const id = await h.insertUser({ username: 'mg-tokened' });
      await h.api.query(`UPDATE users SET access_token = 'mg-tokened-access-0123' WHERE id = $1`, [id]);
      const client = h.api.client();
      client.userId = id;
      client.headers.Authorization = 'mg-tokened-access-0123';
      expect((await client.get('/api/user/self')).body.success).toBe(true);
      await manage(admin, id, 'disable');
      expect((await client.get('/api/user/self')).body).toEqual({ success: false, message: '用户已被封禁' });
    });

    it('loses admin rights on the very next request once demoted, and stays signed in', async () => {
      const id = await h.insertUser({ username: 'mg-demoted', role: 10 });
      const target = await h.signedIn(id);
      expect((await target.get('/api/user/')).body.success).toBe(true);
      expect((await manage(root, id, 'demote')).body.data).toEqual({ role: 1, status: 1 });
      expect((await target.get('/api/user/')).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
      expect((await target.get('/api/user/self')).body.success).toBe(true);
    });

    it('is signed out everywhere once deleted', async () => {
      const id = await h.insertUser({ username: 'mg-deleted' });
      const target = await h.signedIn(id);
      expect((await target.get('/api/user/self')).status).toBe(200);
      expect((await manage(admin, id, 'delete')).body.success).toBe(true);
      expect((await target.get('/api/user/self')).status).toBe(401);
      expect(await h.sessionCount(id)).toBe(0);
    });

    it('keeps its sessions when an action is refused', async () => {
      const id = await h.insertUser({ username: 'mg-peer', role: 10 });
      const target = await h.signedIn(id);
      expect((await manage(admin, id, 'disable')).body.success).toBe(false);
      expect((await target.get('/api/user/')).body.success).toBe(true);
      expect(await h.sessionCount(id)).toBe(1);
    });
  });
});
