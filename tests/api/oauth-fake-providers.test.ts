import { createHash, createHmac } from 'node:crypto';
import { FAKE_CLIENT, FAKE_WECHAT_TOKEN, type FakeProviders, signTelegram, startFakeProviders } from '../support/fake-providers';

/** The fakes the OAuth tests rely on behave like the real providers on the paths Modelgate calls. */
describe('fake OAuth providers', () => {
  let fake: FakeProviders;

  beforeAll(async () => {
    fake = await startFakeProviders();
  });
  afterAll(async () => {
    await fake?.close();
  });

  const json = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, init);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const form = (values: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  });

  it('GitHub: exchanges a code once for a token that reads the profile; refuses bad credentials', async () => {
    const code = fake.github.issueCode({ id: 7, login: 'octo' });
    const exchange = (body: Record<string, string>) =>
      json(`${fake.env().GITHUB_OAUTH_URL}/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    const wrong = await exchange({ client_id: FAKE_CLIENT.id, client_secret: 'wrong', code });
    expect(wrong.body.error).toBe('incorrect_client_credentials');
    const first = await exchange({ client_id: FAKE_CLIENT.id, client_secret: FAKE_CLIENT.secret, code });
    expect(first.body.access_token).toMatch(/^[0-9a-f]{24}$/);
    const again = await exchange({ client_id: FAKE_CLIENT.id, client_secret: FAKE_CLIENT.secret, code });
    expect(again.body).toMatchObject({ error: 'bad_verification_code' });
    const user = await json(`${fake.env().GITHUB_API_URL}/user`, { headers: { Authorization: `Bearer ${first.body.access_token}` } });
    expect(user).toEqual({ status: 200, body: { id: 7, login: 'octo' } });
    expect((await json(`${fake.env().GITHUB_API_URL}/user`, { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('LinuxDO: needs HTTP Basic client credentials and the authorization_code grant', async () => {
    const code = fake.linuxdo.issueCode({ id: 42, username: 'neo' });
    const url = `${fake.env().LINUXDO_OAUTH_URL}/oauth2/token`;
    expect((await json(url, form({ grant_type: 'authorization_code', code }))).status).toBe(401);
    const basic = `Basic ${Buffer.from(`${FAKE_CLIENT.id}:${FAKE_CLIENT.secret}`).toString('base64')}`;
    const withBasic = (values: Record<string, string>) => {
      const init = form(values);
      return json(url, { ...init, headers: { ...init.headers, Authorization: basic } });
    };
    expect((await withBasic({ grant_type: 'password', code })).status).toBe(400);
    const token = (await withBasic({ grant_type: 'authorization_code', code })).body.access_token as string;
    const user = await json(`${fake.env().LINUXDO_OAUTH_URL}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(user.body).toEqual({ id: 42, username: 'neo' });
  });

  it('OIDC: publishes a discovery document whose endpoints exchange the code and serve userinfo', async () => {
    const { body: discovery } = await json(fake.oidcWellKnown);
    expect(discovery.token_endpoint).toBe(`${fake.url}/oidc/token`);
    const code = fake.oidc.issueCode({ sub: 'subject-1', email: 'a@example.com' });
    const badSecret = form({ client_id: FAKE_CLIENT.id, client_secret: 'x', code, grant_type: 'authorization_code' });
    const refused = await json(discovery.token_endpoint, badSecret);
    expect(refused).toEqual({ status: 401, body: { error: 'invalid_client' } });
    const granted = await json(
      discovery.token_endpoint,
      form({ client_id: FAKE_CLIENT.id, client_secret: FAKE_CLIENT.secret, code, grant_type: 'authorization_code' }),
    );
    const info = await json(discovery.userinfo_endpoint, { headers: { Authorization: `Bearer ${granted.body.access_token}` } });
    expect(info.body).toEqual({ sub: 'subject-1', email: 'a@example.com' });
  });

  it('WeChat server: resolves a code once when the token is right', async () => {
    const code = fake.wechat.issueCode('wx-open-id');
    const url = `${fake.wechatAddress}/api/wechat/user?code=${code}`;
    expect((await json(url, { headers: { Authorization: 'bad' } })).body.success).toBe(false);
    const resolved = await json(url, { headers: { Authorization: FAKE_WECHAT_TOKEN } });
    expect(resolved.body).toEqual({ success: true, message: '', data: 'wx-open-id' });
    expect((await json(url, { headers: { Authorization: FAKE_WECHAT_TOKEN } })).body.data).toBe('');
  });

  it('fails on demand: 502 when down, no answer when hanging', async () => {
    fake.github.failure = 'down';
    const down = await fetch(`${fake.env().GITHUB_API_URL}/user`);
    expect([down.status, await down.text()]).toEqual([502, expect.stringContaining('Bad Gateway')]);
    fake.github.failure = 'hang';
    await expect(fetch(`${fake.env().GITHUB_API_URL}/user`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    fake.github.failure = undefined;
  });

  it('signs Telegram widget data with HMAC-SHA256 keyed by SHA256(bot token) over sorted lines', () => {
    const signed = signTelegram({ id: '5', auth_date: '1700000000', first_name: 'T' }, 'bot:token');
    const key = createHash('sha256').update('bot:token').digest();
    const expected = createHmac('sha256', key).update('auth_date=1700000000\nfirst_name=T\nid=5').digest('hex');
    expect(signed.hash).toBe(expected);
  });
});
