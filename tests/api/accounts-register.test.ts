import { type AccountsHarness, ok, startAccountsHarness } from './accounts-fixtures';

jest.setTimeout(60_000);

describe('/api/user/register', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccountsHarness({ DisplayInCurrencyEnabled: 'false' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const register = (body: unknown) => h.browser().post('/api/user/register', body);
  const messageOf = async (body: unknown) => (await register(body)).body.message;

  it('creates a common user with the product defaults and a bcrypt hash', async () => {
    const res = await register({ username: 'alice', password: 'correct-horse', password2: 'correct-horse' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: '' });
    const row = await h.row('alice');
    expect(row).toMatchObject({ role: 1, status: 1, group: 'default', display_name: 'alice', email: '', inviter_id: 0 });
    expect(row.aff_code).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(row.password).toMatch(/^\$2[aby]\$10\$/);
    expect(row.password).not.toContain('correct-horse');
    ok(await h.browser().login('alice', 'correct-horse'));
  });

  it('answers each broken rule with its message', async () => {
    expect(await messageOf({ username: '', password: 'password1' })).toBe('用户名不能为空');
    expect(await messageOf({ username: '   ', password: 'password1' })).toBe('用户名不能为空');
    expect(await messageOf({ username: 'abcdefghijklm', password: 'password1' })).toBe('用户名长度不得超过 12 位！');
    expect(await messageOf({ username: 'bob', password: 'short12' })).toBe('密码长度不得小于 8 位！');
    expect(await messageOf({ username: 'bob', password: 'x'.repeat(21) })).toBe('密码长度不得超过 20 位！');
    expect(await messageOf({ username: 'bob', password: 'password1', password2: 'password2' })).toBe('两次输入的密码不一致');
    expect(await h.api.query(`SELECT 1 FROM users WHERE username = 'bob'`)).toEqual([]);
  });

  it('counts characters, not bytes: a 12-character Chinese name and an 8-character password pass', async () => {
    ok(await register({ username: '一二三四五六七八九十一二', password: '密码密码密码密码' }));
    ok(await h.browser().login('一二三四五六七八九十一二', '密码密码密码密码'));
    expect(await messageOf({ username: '一二三四五六七八九十一二三', password: '密码密码密码密码' })).toBe('用户名长度不得超过 12 位！');
    expect(await messageOf({ username: 'henry', password: '密码密码密码密' })).toBe('密码长度不得小于 8 位！');
  });

  it('keeps usernames unique, deleted users included', async () => {
    expect(await messageOf({ username: 'alice', password: 'password1' })).toBe('用户名已存在，或已注销');
    await h.register('carol', 'password1');
    await h.api.query(`UPDATE users SET deleted_at = now() WHERE username = 'carol'`);
    expect(await messageOf({ username: 'carol', password: 'password1' })).toBe('用户名已存在，或已注销');
  });

  it('honours the registration switches', async () => {
    await h.api.setOptions({ RegisterEnabled: 'false' });
    expect(await messageOf({ username: 'dave', password: 'password1' })).toBe('管理员关闭了新用户注册');
    await h.api.setOptions({ RegisterEnabled: 'true', PasswordRegisterEnabled: 'false' });
    expect(await messageOf({ username: 'dave', password: 'password1' })).toBe(
      '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
    );
    await h.api.setOptions({ PasswordRegisterEnabled: 'true' });
    expect((await register({ username: 'dave', password: 'password1' })).body.success).toBe(true);
  });

  it('credits the new-user gift, the invitee gift and the inviter reward through billing', async () => {
    await h.api.setOptions({ QuotaForNewUser: '1000', QuotaForInvitee: '300', QuotaForInviter: '700' });
    const inviterId = await h.register('inviter', 'password1');
    const inviter = await h.row('inviter');
    const inviteeId = await h.register('invitee', 'password1', { aff_code: inviter.aff_code });

    expect(await h.row('invitee')).toMatchObject({ quota: '1300', inviter_id: inviterId });
    expect(await h.row('inviter')).toMatchObject({
      quota: '1000',
      aff_count: 1,
      aff_quota: '700',
      aff_history_quota: '700',
    });
    const logs = await h.api.query(`SELECT type, content, quota, other FROM logs WHERE user_id = $1 ORDER BY id`, [inviteeId]);
    expect(logs.map((row) => ({ ...row, other: JSON.parse(String(row.other)) }))).toEqual([
      { type: 4, content: '新用户注册赠送 1000 点额度', quota: '1000', other: { system: { event: 'new_user_gift', quota: 1000 } } },
      { type: 4, content: '使用邀请码赠送 300 点额度', quota: '300', other: { system: { event: 'invitee_gift', quota: 300 } } },
    ]);
    const [reward] = await h.api.query(`SELECT type, other FROM logs WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [inviterId]);
    expect({ type: reward?.type, other: JSON.parse(String(reward?.other)) }).toEqual({
      type: 4,
      other: { system: { event: 'inviter_reward', quota: 700 } },
    });

    // An unknown invitation code is ignored: no inviter, no invitation gifts.
    await h.register('stranger', 'password1', { aff_code: 'nope' });
    expect(await h.row('stranger')).toMatchObject({ quota: '1000', inviter_id: 0 });
    expect(await h.row('inviter')).toMatchObject({ aff_count: 1 });
    await h.api.setOptions({ QuotaForNewUser: '0', QuotaForInvitee: '0', QuotaForInviter: '0' });
  });

  it('answers malformed bodies and wrong types with envelope errors, never a 500', async () => {
    const browser = h.browser();
    const broken = await browser.raw('POST', '/api/user/register', '{"username": ');
    expect([broken.status, broken.body]).toEqual([200, { success: false, message: 'invalid JSON in request body' }]);
    expect(await messageOf({ username: 42, password: 'password1' })).toBe('无效的参数');
    expect(await messageOf({ username: 'eve', password: ['password1'] })).toBe('无效的参数');
    expect(await messageOf(['eve', 'password1'])).toBe('无效的参数');
    expect(await messageOf({ username: 'x'.repeat(5000), password: 'password1' })).toBe('无效的参数');
    const notJson = await h.browser().raw('POST', '/api/user/register', 'username=eve', 'application/x-www-form-urlencoded');
    expect([notJson.status, notJson.body.success]).toEqual([200, false]);
  });
});

describe('/api/user/login and /api/user/logout', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccountsHarness();
    await h.register('frank', 'frank-pass-1');
    await h.api.query(`UPDATE users SET email = 'frank@example.com', display_name = 'Frank' WHERE username = 'frank'`);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const login = (body: unknown) => h.browser().post('/api/user/login', body);

  it('signs in by username: the session cookie works and data is what the console stores', async () => {
    const browser = h.browser();
    const res = ok(await browser.login('frank', 'frank-pass-1'));
    const id = Number((await h.row('frank')).id);
    expect(res.body).toEqual({
      success: true,
      message: '',
      data: { id, username: 'frank', display_name: 'Frank', role: 1, status: 1, group: 'default', default_password: false },
    });
    expect(res.headers.get('set-cookie')).toMatch(/^session=[A-Za-z0-9_-]{43}; .*HttpOnly/);
    expect(ok(await browser.get('/api/user/self')).body.data).toMatchObject({ id, username: 'frank', email: 'frank@example.com' });
  });

  it('signs in by email, whatever its case', async () => {
    const res = ok(await login({ username: ' Frank@Example.COM ', password: 'frank-pass-1' }));
    expect(res.body.data.username).toBe('frank');
  });

  it('gives one message for an unknown name and a wrong password', async () => {
    const wrong = { success: false, message: '用户名或密码错误，或用户已被封禁' };
    expect((await login({ username: 'frank', password: 'wrong-pass-1' })).body).toEqual(wrong);
    expect((await login({ username: 'nobody', password: 'frank-pass-1' })).body).toEqual(wrong);
    expect((await login({ username: 'nobody@example.com', password: 'x' })).body).toEqual(wrong);
  });

  it('tells a banned user of the ban only with the right password', async () => {
    await h.register('grace', 'grace-pass-1');
    await h.api.query(`UPDATE users SET status = 2 WHERE username = 'grace'`);
    expect((await login({ username: 'grace', password: 'grace-pass-1' })).body.message).toBe('用户已被封禁');
    expect((await login({ username: 'grace', password: 'wrong-pass-1' })).body.message).toBe('用户名或密码错误，或用户已被封禁');
    await h.api.query(`UPDATE users SET status = 1, deleted_at = now() WHERE username = 'grace'`);
    expect((await login({ username: 'grace', password: 'grace-pass-1' })).body.message).toBe('用户名或密码错误，或用户已被封禁');
  });

  it('refuses password sign-in when the administrator turned it off', async () => {
    await h.api.setOptions({ PasswordLoginEnabled: 'false' });
    expect((await login({ username: 'frank', password: 'frank-pass-1' })).body).toEqual({
      success: false,
      message: '管理员关闭了密码登录',
    });
    await h.api.setOptions({ PasswordLoginEnabled: 'true' });
  });

  it('flags the super admin signing in with the default password', async () => {
    const res = ok(await login({ username: 'root', password: '123456' }));
    expect(res.body.message).toBe('您正在使用默认密码！请立刻修改默认密码！');
    expect(res.body.data).toMatchObject({ username: 'root', role: 100, default_password: true });
  });

  it('requires both fields, as text', async () => {
    for (const body of [{}, { username: 'frank' }, { username: '', password: 'x' }, { username: 'frank', password: 123 }]) {
      expect((await login(body)).body).toEqual({ success: false, message: '无效的参数' });
    }
    const broken = await h.browser().raw('POST', '/api/user/login', '{');
    expect(broken.body).toEqual({ success: false, message: 'invalid JSON in request body' });
  });

  it('signs out: the session ends and its cookie is cleared', async () => {
    const browser = await h.signedIn('frank', 'frank-pass-1');
    const id = Number((await h.row('frank')).id);
    const before = await h.sessionCount(id);
    const res = ok(await browser.get('/api/user/logout'));
    expect(res.headers.get('set-cookie')).toMatch(/^session=;/);
    expect(await h.sessionCount(id)).toBe(before - 1);
    expect((await browser.get('/api/user/self')).status).toBe(401);
    // Signing out without a session is harmless.
    ok(await h.browser().get('/api/user/logout'));
  });
});
