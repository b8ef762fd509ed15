import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { FAKE_CLIENT, type FakeProviders, startFakeProviders } from '../support/fake-providers';

jest.setTimeout(60_000);

/** GitHub, OIDC and LinuxDO sign-in through `/api/oauth/{state,github,oidc,linuxdo}` against fakes. */
describe('/api/oauth redirect sign-in', () => {
  let api: ApiStack;
  let fake: FakeProviders;
  let browsers = 0;

  /** A new browser with its own client address (the critical limit counts per address). */
  const browser = (): ApiClient => {
    const client = api.client();
    client.headers['X-Forwarded-For'] = `198.51.100.${++browsers}`;
    return client;
  };
  const stateOf = async (client: ApiClient, aff = ''): Promise<string> => {
    const res = await client.get(`/api/oauth/state${aff ? `?aff=${aff}` : ''}`);
    expect(res.body).toMatchObject({ success: true, data: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/) });
    return res.body.data;
  };
  /** The console's flow: a state, the provider's redirect with a code, then the callback call. */
  type Provider = 'github' | 'oidc' | 'linuxdo';
  const signInWith = async (client: ApiClient, provider: Provider, profile: Record<string, unknown>, aff = '') => {
    const state = await stateOf(client, aff);
    const res = await client.get(`/api/oauth/${provider}?code=${fake[provider].issueCode(profile)}&state=${state}`);
    if (res.body.success) client.userId = res.body.data.id;
    return res;
  };
  const setCookie = (client: ApiClient, name: string, value: string) =>
    client.setCookie(name, value);

  beforeAll(async () => {
    fake = await startFakeProviders();
    api = await startApiStack({ ...fake.env(), OAUTH_PROVIDER_TIMEOUT_MS: '1500' });
    await api.setOptions({
      GitHubClientId: FAKE_CLIENT.id,
      GitHubClientSecret: FAKE_CLIENT.secret,
      'oidc.client_id': FAKE_CLIENT.id,
      'oidc.client_secret': FAKE_CLIENT.secret,
      'oidc.well_known': fake.oidcWellKnown,
      LinuxDOClientId: FAKE_CLIENT.id,
      LinuxDOClientSecret: FAKE_CLIENT.secret,
      ServerAddress: 'https://gateway.example.com/',
    });
    await api.setOptions({ GitHubOAuthEnabled: 'true', 'oidc.enabled': 'true', LinuxDOOAuthEnabled: 'true' });
  });
  afterAll(async () => {
    await api?.stop();
    await fake?.close();
  });

  it.each([
    ['github', { id: 1001, login: 'octocat', name: 'The Octocat', email: 'octo@example.com' }, 'github_id', '1001', 'The Octocat'],
    ['oidc', { sub: 'subject-1', email: 'ada@example.com', preferred_username: 'ada' }, 'oidc_id', 'subject-1', 'ada'],
    ['linuxdo', { id: 501, username: 'neo', name: 'Neo' }, 'linux_do_id', '501', 'Neo'],
  ] as const)('%s: the first sign-in registers a user, the next signs the same user in', async (...row) => {
    const [provider, profile, column, externalId, shown] = row;
    const first = browser();
    const res = await signInWith(first, provider, profile);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: '',
      data: { role: 1, status: 1, group: 'default', display_name: shown },
    });
    const id = res.body.data.id as number;
    expect(res.body.data.username).toBe(`${provider}_${id}`);
    expect(Object.keys(res.body.data).sort()).toEqual(['display_name', 'group', 'id', 'role', 'status', 'username']);
    const self = await first.get('/api/user/self');
    expect([Number(self.body.data.id), self.body.data[column]]).toEqual([id, externalId]);

    const again = await signInWith(browser(), provider, profile);
    expect(again.body).toMatchObject({ success: true, data: { id } });
    expect(await api.query(`SELECT id FROM users WHERE ${column} = $1`, [externalId])).toEqual([{ id }]);
    const [{ email }] = await api.query(`SELECT email FROM users WHERE id = $1`, [id]);
    expect(email).toBe(provider === 'linuxdo' ? '' : (profile as { email?: string }).email);
  });

  it('registers one user when the same new account signs in from two browsers at once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => signInWith(browser(), 'github', { id: 1700, login: 'twin' })));
    expect(results.map((res) => [res.body.success, res.body.message])).toEqual([[true, ''], [true, ''], [true, '']]);
    expect(new Set(results.map((res) => res.body.data.id)).size).toBe(1);
    expect(await api.query(`SELECT count(*)::int AS n FROM users WHERE github_id = '1700'`)).toEqual([{ n: 1 }]);
  });

  it("does not give a new account an email another account already has", async () => {
    await api.query(`INSERT INTO users (username, password, email, aff_code) VALUES ('mailer', 'x', 'taken@example.com', 'MAIL')`);
    const res = await signInWith(browser(), 'github', { id: 1800, login: 'copycat', email: 'taken@example.com' });
    expect((await api.query(`SELECT email FROM users WHERE id = $1`, [res.body.data.id]))[0].email).toBe('');
  });

  it('sends the client credentials and the callback address to the providers', () => {
    expect(fake.github.calls.at(-1)?.body).toMatchObject({ client_id: FAKE_CLIENT.id, client_secret: FAKE_CLIENT.secret });
    expect(fake.oidc.calls.at(-1)?.body).toMatchObject({ redirect_uri: 'https://gateway.example.com/oauth/oidc' });
    expect(fake.linuxdo.calls.at(-1)?.body).toMatchObject({ redirect_uri: 'https://gateway.example.com/oauth/linuxdo' });
  });

  it('sends the callback on the address the browser used while no server address is set', async () => {
    await api.setOptions({ ServerAddress: '' });
    try {
      const res = await signInWith(browser(), 'oidc', { sub: 'origin-1', preferred_username: 'origin' });
      expect(res.body.success).toBe(true);
      expect(fake.oidc.calls.at(-1)?.body).toMatchObject({ redirect_uri: `${api.url}/oauth/oidc` });
    } finally {
      await api.setOptions({ ServerAddress: 'https://gateway.example.com/' });
    }
  });

  it('refuses a forged state, a state of another browser, and a missing one', async () => {
    const refused = { success: false, message: 'state is empty or not same' };
    const client = browser();
    await stateOf(client);
    const code = fake.github.issueCode({ id: 1100, login: 'x' });
    expect((await client.get(`/api/oauth/github?code=${code}&state=AAAAAAAAAAAA`)).body).toEqual(refused);
    expect((await client.get(`/api/oauth/github?code=${code}`)).body).toEqual(refused);
    // A made-up state in both the cookie and the query was never issued.
    setCookie(client, 'oauth_state', 'BBBBBBBBBBBB');
    expect((await client.get(`/api/oauth/github?code=${code}&state=BBBBBBBBBBBB`)).body).toEqual(refused);

    const owner = browser();
    const state = await stateOf(owner);
    expect((await browser().get(`/api/oauth/github?code=${code}&state=${state}`)).body).toEqual(refused);
    // The foreign attempt did not use the state up: its own browser still completes.
    expect((await owner.get(`/api/oauth/github?code=${code}&state=${state}`)).body.success).toBe(true);
  });

  it('uses a state once, even when its cookie is replayed', async () => {
    const client = browser();
    const state = await stateOf(client);
    const first = await client.get(`/api/oauth/github?code=${fake.github.issueCode({ id: 1200 })}&state=${state}`);
    expect(first.body.success).toBe(true);
    setCookie(client, 'oauth_state', state);
    const reuse = await client.get(`/api/oauth/github?code=${fake.github.issueCode({ id: 1200 })}&state=${state}`);
    expect(reuse.body).toEqual({ success: false, message: 'state is empty or not same' });
  });

  it('refuses a callback without a code', async () => {
    const client = browser();
    const res = await client.get(`/api/oauth/oidc?state=${await stateOf(client)}`);
    expect(res.body).toEqual({ success: false, message: '无效的参数' });
  });

  it('refuses a disabled provider with the reference message', async () => {
    await api.setOptions({ GitHubOAuthEnabled: 'false', LinuxDOOAuthEnabled: 'false' });
    try {
      expect((await signInWith(browser(), 'github', { id: 1001 })).body).toEqual({
        success: false,
        message: '管理员未开启通过 GitHub 登录以及注册',
      });
      expect((await signInWith(browser(), 'linuxdo', { id: 501 })).body.message).toBe('管理员未开启通过 Linux DO 登录以及注册');
    } finally {
      await api.setOptions({ GitHubOAuthEnabled: 'true', LinuxDOOAuthEnabled: 'true' });
    }
  });

  it("shows the provider's refusal of a bad or used code", async () => {
    const client = browser();
    const res = await client.get(`/api/oauth/github?code=never-issued&state=${await stateOf(client)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, message: 'GitHub 授权失败：The code passed is incorrect or expired.' });
    const oidc = browser();
    expect((await oidc.get(`/api/oauth/oidc?code=nope&state=${await stateOf(oidc)}`)).body.message).toBe('OIDC 授权失败：Code not valid');
  });

  it('answers a clear message when a provider is down or does not answer in time', async () => {
    fake.github.failure = 'down';
    fake.linuxdo.failure = 'hang';
    try {
      const down = await signInWith(browser(), 'github', { id: 1300 });
      expect([down.status, down.body]).toEqual([200, { success: false, message: '无法连接至 GitHub 服务器，请稍后重试！' }]);
      const started = Date.now();
      const slow = await signInWith(browser(), 'linuxdo', { id: 1300 });
      expect([slow.status, slow.body]).toEqual([200, { success: false, message: '无法连接至 Linux DO 服务器，请稍后重试！' }]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      fake.github.failure = undefined;
      fake.linuxdo.failure = undefined;
    }
  });

  it('respects RegisterEnabled: no new users, existing ones still sign in', async () => {
    await api.setOptions({ RegisterEnabled: 'false' });
    try {
      expect((await signInWith(browser(), 'github', { id: 1400, login: 'late' })).body).toEqual({
        success: false,
        message: '管理员关闭了新用户注册',
      });
      expect((await signInWith(browser(), 'github', { id: 1001 })).body.success).toBe(true);
    } finally {
      await api.setOptions({ RegisterEnabled: 'true' });
    }
  });

  it('credits the invitation of the state it started from', async () => {
    await api.query(
      `INSERT INTO users (username, password, display_name, aff_code) VALUES ('inviter', 'x', 'Inviter', 'INV1')`,
    );
    await api.setOptions({ QuotaForNewUser: '500', QuotaForInvitee: '300', QuotaForInviter: '1000' });
    try {
      const res = await signInWith(browser(), 'oidc', { sub: 'invited-subject', email: 'inv@example.com' }, 'INV1');
      expect(res.body.success).toBe(true);
      const [inviter] = await api.query(`SELECT id, aff_count, aff_quota FROM users WHERE username = 'inviter'`);
      expect(inviter).toMatchObject({ aff_count: 1, aff_quota: '1000' });
      const [invited] = await api.query(`SELECT inviter_id, quota FROM users WHERE id = $1`, [res.body.data.id]);
      expect(invited).toEqual({ inviter_id: inviter.id, quota: '800' });

      const stranger = await signInWith(browser(), 'oidc', { sub: 'uninvited-subject' }, 'NOPE');
      const [uninvited] = await api.query(`SELECT inviter_id, quota FROM users WHERE id = $1`, [stranger.body.data.id]);
      expect(uninvited).toEqual({ inviter_id: 0, quota: '500' });
      expect((await api.query(`SELECT aff_count FROM users WHERE id = $1`, [inviter.id]))[0].aff_count).toBe(1);
    } finally {
      await api.setOptions({ QuotaForNewUser: '0', QuotaForInvitee: '0', QuotaForInviter: '0' });
    }
  });

  it('refuses a banned user and opens no session', async () => {
    const first = await signInWith(browser(), 'linuxdo', { id: 1500, username: 'bad' });
    await api.query(`UPDATE users SET status = 2 WHERE id = $1`, [first.body.data.id]);
    const client = browser();
    expect((await signInWith(client, 'linuxdo', { id: 1500 })).body).toEqual({ success: false, message: '用户已被封禁' });
    client.userId = first.body.data.id;
    expect((await client.get('/api/user/self')).status).toBe(401);
  });

  it('refuses the account of a deleted user', async () => {
    const first = await signInWith(browser(), 'github', { id: 1600 });
    await api.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [first.body.data.id]);
    expect((await signInWith(browser(), 'github', { id: 1600 })).body).toEqual({ success: false, message: '用户已注销' });
  });
});
