import type { ApiClient, ApiResponse } from '../support/api-client';
import { startUserAdminHarness, type UserAdminHarness } from './user-admin-fixtures';

jest.setTimeout(60_000);

const INSUFFICIENT = '无权进行此操作，权限不足';
const VIEW_HIGHER = '无权获取同级或更高等级用户的信息';
const ACT_HIGHER = '无权更新同权限等级或更高权限等级的用户信息';

/** Who may call user management, and on whom (spec §6; reference §5.5). */
describe('/api user management: authorisation', () => {
  let h: UserAdminHarness;
  let commonId: number;
  let adminId: number;
  let otherAdminId: number;
  let admin: ApiClient;
  let root: ApiClient;

  beforeAll(async () => {
    h = await startUserAdminHarness();
    commonId = await h.insertUser({ username: 'acc-common' });
    adminId = await h.insertUser({ username: 'acc-admin', role: 10 });
    otherAdminId = await h.insertUser({ username: 'acc-admin2', role: 10 });
    admin = await h.signedIn(adminId);
    root = await h.signedIn(h.rootId);
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** One request of every user-management route, aimed at `target`. */
  const everyRoute = (client: ApiClient, target: number): Array<Promise<ApiResponse>> => [
    client.get('/api/user/'),
    client.get('/api/user/search?keyword=acc'),
    client.get(`/api/user/${target}`),
    client.post('/api/user/', { username: 'acc-new', password: 'password1' }),
    client.put('/api/user/', { id: target, display_name: 'x' }),
    client.post('/api/user/manage', { id: target, action: 'disable' }),
  ];

  it('answers an anonymous caller with 401 on every route', async () => {
    for (const res of await Promise.all(everyRoute(h.api.client(), commonId))) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
    }
  });

  it('refuses a common user on every route, and changes nothing', async () => {
    const common = await h.signedIn(commonId);
    const other = await h.insertUser({ username: 'acc-victim' });
    for (const res of await Promise.all(everyRoute(common, other))) {
      expect([res.status, res.body]).toEqual([200, { success: false, message: INSUFFICIENT }]);
    }
    expect(await h.row(other)).toMatchObject({ status: 1, display_name: 'acc-victim' });
    expect(await h.api.query(`SELECT id FROM users WHERE username = 'acc-new'`)).toEqual([]);
  });

  it('refuses a banned admin', async () => {
    const bannedId = await h.insertUser({ username: 'acc-banned', role: 10 });
    const banned = await h.signedIn(bannedId);
    await h.api.query(`UPDATE users SET status = 2 WHERE id = $1`, [bannedId]);
    expect((await banned.get('/api/user/')).body).toEqual({ success: false, message: '用户已被封禁' });
  });

  it('lets an admin view common users, but not admins, the super admin or themselves', async () => {
    const res = await admin.get(`/api/user/${commonId}`);
    expect(res.body).toMatchObject({ success: true, data: { id: commonId, username: 'acc-common', role: 1 } });
    for (const target of [otherAdminId, h.rootId, adminId]) {
      expect((await admin.get(`/api/user/${target}`)).body).toEqual({ success: false, message: VIEW_HIGHER });
    }
  });

  it('lets the super admin view everyone, themselves included', async () => {
    for (const target of [commonId, adminId, h.rootId]) {
      const res = await root.get(`/api/user/${target}`);
      expect(res.body.success).toBe(true);
      expect(res.body.data.id).toBe(target);
    }
  });

  it('refuses any edit of a user of the same or higher role, the super admin included', async () => {
    const cases: Array<[ApiClient, number]> = [
      [admin, otherAdminId],
      [admin, adminId],
      [admin, h.rootId],
      [root, h.rootId],
    ];
    for (const [client, target] of cases) {
      const before = await h.row(target);
      const res = await client.put('/api/user/', { id: target, display_name: 'hacked', quota: 1 });
      expect(res.body).toEqual({ success: false, message: ACT_HIGHER });
      expect(await h.row(target)).toMatchObject({ display_name: before.display_name, quota: before.quota });
    }
    const res = await root.put('/api/user/', { id: otherAdminId, display_name: 'Renamed' });
    expect(res.body).toMatchObject({ success: true, data: { display_name: 'Renamed' } });
  });

  it('refuses actions on a user of the same or higher role', async () => {
    for (const action of ['disable', 'enable', 'demote', 'delete']) {
      const res = await admin.post('/api/user/manage', { id: otherAdminId, action });
      expect(res.body).toEqual({ success: false, message: ACT_HIGHER });
    }
    expect((await admin.post('/api/user/manage', { id: adminId, action: 'disable' })).body.message).toBe(ACT_HIGHER);
    expect(await h.row(otherAdminId)).toMatchObject({ role: 10, status: 1, deleted_at: null });
  });

  it('protects the super admin from being disabled, deleted or demoted by anyone', async () => {
    const expected: Array<[string, string]> = [
      ['disable', '无法禁用超级管理员用户'],
      ['delete', '无法删除超级管理员用户'],
      ['demote', '无法降级超级管理员用户'],
    ];
    for (const client of [admin, root]) {
      for (const [action, message] of expected) {
        const res = await client.post('/api/user/manage', { id: h.rootId, action });
        expect(res.body).toEqual({ success: false, message });
      }
    }
    expect(await h.row(h.rootId)).toMatchObject({ role: 100, status: 1, deleted_at: null });
  });

  it('does not let a regular admin promote anyone, nor create an admin', async () => {
    const res = await admin.post('/api/user/manage', { id: commonId, action: 'promote' });
    expect(res.body).toEqual({ success: false, message: '普通管理员用户无法提升其他用户为管理员' });
    expect((await h.row(commonId)).role).toBe(1);
    const created = await admin.post('/api/user/', { username: 'acc-boss', password: 'password1', role: 10 });
    expect(created.body).toEqual({ success: false, message: '无法创建权限大于等于自己的用户' });
    const raised = await admin.put('/api/user/', { id: commonId, role: 10 });
    expect(raised.body).toEqual({ success: false, message: '无权将其他用户权限等级提升到大于等于自己的权限等级' });
    expect((await h.row(commonId)).role).toBe(1);
  });

  it('accepts an admin signed in with a system access token', async () => {
    await h.api.query(`UPDATE users SET access_token = 'acc-admin-token-0123456789' WHERE id = $1`, [adminId]);
    const client = h.api.client();
    client.userId = adminId;
    client.headers.Authorization = 'Bearer acc-admin-token-0123456789';
    const res = await client.get(`/api/user/${commonId}`);
    expect(res.body).toMatchObject({ success: true, data: { id: commonId } });
  });

  it('leaves the other /api/user/... routes to their routers', async () => {
    const common = await h.signedIn(commonId);
    expect((await common.get('/api/user/self')).body).toMatchObject({ success: true });
    const unknown = await admin.get('/api/user/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
    const anonymous = await h.api.client().get('/api/user/no-such-thing');
    expect(anonymous.status).toBe(404);
    // No hard delete: the console deletes through `manage` (a soft delete) only.
    const hardDelete = await admin.delete(`/api/user/${commonId}`);
    expect([hardDelete.status, hardDelete.body.success]).toEqual([404, false]);
    expect((await h.row(commonId)).deleted_at).toBeNull();
  });
});
