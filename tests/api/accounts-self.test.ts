import type { ApiClient } from '../support/api-client';
import { type AccountsHarness, ok, startAccountsHarness } from './accounts-fixtures';

jest.setTimeout(60_000);

/** Every route acting on the caller's own account, with a harmless request for each. */
const SELF_ROUTES: ReadonlyArray<[method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown]> = [
  ['GET', '/api/user/self'],
  ['PUT', '/api/user/self', {}],
  ['DELETE', '/api/user/self'],
  ['GET', '/api/user/token'],
  ['GET', '/api/user/aff'],
  ['POST', '/api/user/aff_transfer', { quota: 500000 }],
  ['PUT', '/api/user/setting', { notify_type: 'email', quota_warning_threshold: 1 }],
  ['GET', '/api/user/self/groups'],
  ['GET', '/api/user/models'],
  ['GET', '/api/oauth/email/bind?email=a@example.com&code=123456'],
];

describe('the signed-in user\'s own account', () => {
  let h: AccountsHarness;
  let yaraId: number;
  let zoeId: number;

  beforeAll(async () => {
    h = await startAccountsHarness();
    yaraId = await h.register('yara', 'password-y');
    zoeId = await h.register('zoe', 'password-z');
    await h.register('adam', 'password-a');
    await h.api.query(`UPDATE users SET role = 10 WHERE username = 'adam'`);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('refuses anonymous callers with 401 on every route', async () => {
    for (const [method, path, body] of SELF_ROUTES) {
      const res = await h.browser().request(method, path, body);
      expect([path, res.status, res.body]).toEqual([
        path,
        401,
        { success: false, message: '无权进行此操作，未登录且未提供 access token' },
      ]);
    }
  });

  it('lets users, admins and root read only their own account', async () => {
    const users: Array<[ApiClient, string]> = [
      [await h.signedIn('yara', 'password-y'), 'yara'],
      [await h.signedIn('adam', 'password-a'), 'adam'],
      [await h.root(), 'root'],
    ];
    for (const [browser, username] of users) {
      expect(ok(await browser.get('/api/user/self')).body.data.username).toBe(username);
      expect(ok(await browser.get('/api/user/aff')).body.data).toBe((await h.row(username)).aff_code);
      ok(await browser.get('/api/user/self/groups'));
      ok(await browser.get('/api/user/models'));
    }
  });

  it('never acts on another user: ids in the request are ignored or refused', async () => {
    const yara = await h.signedIn('yara', 'password-y');
    ok(await yara.put('/api/user/self', { id: zoeId, user_id: zoeId, display_name: 'not zoe' }));
    expect(await h.row('zoe')).toMatchObject({ display_name: 'zoe' });
    expect(await h.row('yara')).toMatchObject({ display_name: 'not zoe' });
    yara.userId = zoeId;
    const res = await yara.get('/api/user/self');
    expect([res.status, res.body.message]).toEqual([401, '无权进行此操作，New-Api-User 与登录用户不匹配']);
  });

  it('serves the own view with numbers as numbers and without the password', async () => {
    await h.api.query(`UPDATE users SET quota = 1234, aff_quota = 5 WHERE id = $1`, [yaraId]);
    const data = ok(await (await h.signedIn('yara', 'password-y')).get('/api/user/self')).body.data;
    expect(data).toMatchObject({ id: yaraId, quota: 1234, used_quota: 0, aff_quota: 5, inviter_id: 0, role: 1 });
    expect(Object.keys(data)).not.toContain('password');
  });

  it('issues a system access token that works in Authorization, replacing the previous one', async () => {
    const browser = await h.signedIn('zoe', 'password-z');
    const first = ok(await browser.get('/api/user/token')).body.data as string;
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    const tool = h.browser();
    tool.userId = zoeId;
    tool.headers.Authorization = `Bearer ${first}`;
    expect(ok(await tool.get('/api/user/self')).body.data).toMatchObject({ username: 'zoe', access_token: first });

    const second = ok(await browser.get('/api/user/token')).body.data as string;
    expect(second).not.toBe(first);
    expect((await tool.get('/api/user/self')).body).toEqual({ success: false, message: '无权进行此操作，access token 无效' });
    tool.headers.Authorization = second;
    ok(await tool.get('/api/user/self'));
  });

  it('creates an invitation code on demand', async () => {
    await h.api.query(`UPDATE users SET aff_code = NULL WHERE id = $1`, [zoeId]);
    const browser = await h.signedIn('zoe', 'password-z');
    const code = ok(await browser.get('/api/user/aff')).body.data as string;
    expect(code).toMatch(/^[A-Za-z0-9]{4}$/);
    expect((await h.row('zoe')).aff_code).toBe(code);
    expect(ok(await browser.get('/api/user/aff')).body.data).toBe(code);
  });

  it('moves invitation rewards into the balance through billing, with its messages', async () => {
    await h.api.query(`UPDATE users SET quota = 0, aff_quota = 800000, aff_history_quota = 800000 WHERE id = $1`, [zoeId]);
    const browser = await h.signedIn('zoe', 'password-z');
    const transfer = (body: unknown) => browser.post('/api/user/aff_transfer', body);
    expect((await transfer({ quota: 0 })).body).toEqual({ success: false, message: '转移额度最小为500000！' });
    expect((await transfer({ quota: 1000 })).body.message).toBe('转移额度最小为500000！');
    expect((await transfer({ quota: 900000 })).body.message).toBe('邀请额度不足！');
    for (const bad of [{}, { quota: '500000' }, { quota: 500000.5 }]) {
      expect((await transfer(bad)).body.message).toBe('无效的参数');
    }
    expect((await transfer({ quota: 500000 })).body).toEqual({
      success: true,
      message: '划转成功',
      data: { quota: 500000, aff_quota: 300000 },
    });
    expect(await h.row('zoe')).toMatchObject({ quota: '500000', aff_quota: '300000', aff_history_quota: '800000' });
  });

  it('validates and stores the notification settings', async () => {
    const browser = await h.signedIn('yara', 'password-y');
    const save = (body: unknown) => browser.put('/api/user/setting', body);
    const webhook = { notify_type: 'webhook', quota_warning_threshold: 500000, webhook_url: 'https://hooks.example.com/q' };
    expect((await save({ ...webhook, notify_type: 'sms' })).body.message).toBe('无效的预警类型');
    expect((await save({ ...webhook, quota_warning_threshold: 0 })).body.message).toBe('预警阈值必须大于0');
    expect((await save({ ...webhook, webhook_url: '' })).body.message).toBe('Webhook地址不能为空');
    expect((await save({ ...webhook, webhook_url: 'not a url' })).body.message).toBe('无效的Webhook地址');
    expect((await save({ ...webhook, webhook_url: 'http://hooks.example.com/q' })).body.message).toBe('Webhook地址必须以 https:// 开头');
    expect((await save({ notify_type: 'email', quota_warning_threshold: 1, notification_email: 'nope' })).body.message).toBe('无效的邮箱地址');
    expect((await save({ ...webhook, quota_warning_threshold: 'lots' })).body.message).toBe('无效的参数');
    expect((await save({ ...webhook, webhook_secret: 7 })).body.message).toBe('无效的参数');

    expect(ok(await save({ ...webhook, webhook_secret: 'hush' })).body).toEqual({ success: true, message: '设置已更新' });
    expect(JSON.parse((await h.row('yara')).setting)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 500000,
      accept_unset_model_ratio_model: false,
      webhook_url: 'https://hooks.example.com/q',
      webhook_secret: 'hush',
    });
    ok(await save({ notify_type: 'email', quota_warning_threshold: '100000', notification_email: 'Y@Example.com' }));
    expect(JSON.parse((await h.row('yara')).setting)).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 100000,
      accept_unset_model_ratio_model: false,
      notification_email: 'y@example.com',
    });
  });

  it('lists the usable groups with their ratios, the own group included', async () => {
    const browser = await h.signedIn('yara', 'password-y');
    expect(ok(await browser.get('/api/user/self/groups')).body.data).toEqual({
      default: { desc: '默认分组', ratio: 1 },
      vip: { desc: 'vip分组', ratio: 1 },
    });
    await h.api.setOptions({ GroupRatio: JSON.stringify({ default: 1, vip: 1.5, svip: 3 }) });
    await h.api.query(`UPDATE users SET "group" = 'svip' WHERE id = $1`, [yaraId]);
    expect(ok(await browser.get('/api/user/self/groups')).body.data).toEqual({
      default: { desc: '默认分组', ratio: 1 },
      vip: { desc: 'vip分组', ratio: 1.5 },
      svip: { desc: '用户分组', ratio: 3 },
    });
    // No channel serves any model in this fresh installation.
    expect(ok(await browser.get('/api/user/models')).body.data).toEqual([]);
  });

  it('deletes the own account: sessions end, sign-in stops, the name stays reserved', async () => {
    const root = await h.root();
    expect((await root.delete('/api/user/self')).body).toEqual({ success: false, message: '不能删除超级管理员账户' });
    ok(await root.get('/api/user/self'));

    await h.register('leaver', 'password-l');
    const elsewhere = await h.signedIn('leaver', 'password-l');
    const browser = await h.signedIn('leaver', 'password-l');
    const res = ok(await browser.delete('/api/user/self'));
    expect(res.headers.get('set-cookie')).toMatch(/^session=;/);
    expect((await elsewhere.get('/api/user/self')).status).toBe(401);
    expect((await h.row('leaver')).deleted_at).not.toBeNull();
    expect((await h.browser().post('/api/user/login', { username: 'leaver', password: 'password-l' })).body.success).toBe(false);
    expect((await h.browser().post('/api/user/register', { username: 'leaver', password: 'password-l' })).body.message).toBe(
      '用户名已存在，或已注销',
    );
  });
});
