import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { FAKE_CLIENT, FAKE_WECHAT_TOKEN, type FakeProviders, signTelegram, startFakeProviders } from '../support/fake-providers';

jest.setTimeout(60_000);

const BOT_TOKEN = '7000001:telegram-bot-token';

/** Binding external accounts while signed in, WeChat and Telegram sign-in, against fakes. */
describe('/api/oauth binding, WeChat and Telegram', () => {
  let api: ApiStack;
  let fake: FakeProviders;
  let browsers = 0;

  const browser = (): ApiClient => {
    const client = api.client();
    client.headers['X-Forwarded-For'] = `203.0.113.${++browsers}`;
    return client;
  };
  /** Signs a new browser in through WeChat (registering `wechatId` on first use). */
  const weChatUser = async (wechatId: string): Promise<ApiClient> => {
    const client = browser();
    const res = await client.get(`/api/oauth/wechat?code=${fake.wechat.issueCode(wechatId)}`);
    expect(res.body).toMatchObject({ success: true, message: '' });
    client.userId = res.body.data.id;
    return client;
  };
  const redirectFlow = async (client: ApiClient, provider: 'github' | 'oidc' | 'linuxdo', profile: Record<string, unknown>) => {
    const state = (await client.get('/api/oauth/state')).body.data as string;
    return client.get(`/api/oauth/${provider}?code=${fake[provider].issueCode(profile)}&state=${state}`);
  };
  const telegramQuery = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const now = () => String(Math.floor(Date.now() / 1000));
  const userRow = async (id: number) => (await api.query(`SELECT * FROM users WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    fake = await startFakeProviders();
    api = await startApiStack(fake.env());
    await api.setOptions({
      GitHubClientId: FAKE_CLIENT.id,
      GitHubClientSecret: FAKE_CLIENT.secret,
      'oidc.client_id': FAKE_CLIENT.id,
      'oidc.client_secret': FAKE_CLIENT.secret,
      'oidc.token_endpoint': `${fake.url}/oidc/token`,
      'oidc.user_info_endpoint': `${fake.url}/oidc/userinfo`,
      LinuxDOClientId: FAKE_CLIENT.id,
      LinuxDOClientSecret: FAKE_CLIENT.secret,
      WeChatServerAddress: fake.wechatAddress,
      WeChatServerToken: FAKE_WECHAT_TOKEN,
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'modelgate_bot',
    });
    await api.setOptions({
      GitHubOAuthEnabled: 'true',
      'oidc.enabled': 'true',
      LinuxDOOAuthEnabled: 'true',
      WeChatAuthEnabled: 'true',
      TelegramOAuthEnabled: 'true',
    });
  });
  afterAll(async () => {
    await api?.stop();
    await fake?.close();
  });

  it('WeChat: registers on first sign-in, signs the same user in afterwards', async () => {
    const first = await weChatUser('wx-alpha');
    const row = await userRow(first.userId!);
    expect(row).toMatchObject({ username: `wechat_${first.userId}`, display_name: 'WeChat User', wechat_id: 'wx-alpha' });
    expect((await first.get('/api/user/self')).status).toBe(200);
    const again = await weChatUser('wx-alpha');
    expect(again.userId).toBe(first.userId);
  });

  it("WeChat: refuses a bad code, shows the server's refusal, and the disabled message", async () => {
    expect((await browser().get('/api/oauth/wechat?code=000000')).body).toEqual({ success: false, message: '验证码错误或已过期' });
    expect((await browser().get('/api/oauth/wechat')).body).toEqual({ success: false, message: '无效的参数' });
    await api.setOptions({ WeChatServerToken: 'wrong' });
    const refused = await browser().get(`/api/oauth/wechat?code=${fake.wechat.issueCode('wx-z')}`);
    expect(refused.body).toEqual({ success: false, message: '无权进行此操作，未登录或 token 无效' });
    await api.setOptions({ WeChatServerToken: FAKE_WECHAT_TOKEN, WeChatAuthEnabled: 'false' });
    try {
      expect((await browser().get('/api/oauth/wechat?code=1')).body).toEqual({ success: false, message: '管理员未开启通过微信登录以及注册' });
    } finally {
      await api.setOptions({ WeChatAuthEnabled: 'true' });
    }
  });

  it.each([
    ['github', { id: 2001, login: 'binder' }, 'github_id', '2001', '该 GitHub 账户已被绑定'],
    ['oidc', { sub: 'bind-subject' }, 'oidc_id', 'bind-subject', '该 OIDC 账户已被绑定'],
    ['linuxdo', { id: 2002, username: 'b' }, 'linux_do_id', '2002', '该 Linux DO 账户已被绑定'],
  ] as const)('%s: binds to the signed-in user ("bind"), and never to a second user', async (...row) => {
    const [provider, profile, column, externalId, taken] = row;
    const owner = await weChatUser(`wx-owner-${provider}`);
    const res = await redirectFlow(owner, provider, profile);
    expect(res.body).toMatchObject({ success: true, message: 'bind', data: { id: owner.userId } });
    expect((await userRow(owner.userId!))[column]).toBe(externalId);
    expect((await owner.get('/api/user/self')).body.data[column]).toBe(externalId);
    // Binding again to the same user changes nothing and is allowed.
    expect((await redirectFlow(owner, provider, profile)).body.message).toBe('bind');

    const other = await weChatUser(`wx-other-${provider}`);
    expect((await redirectFlow(other, provider, profile)).body).toEqual({ success: false, message: taken });
    expect((await userRow(other.userId!))[column]).toBe('');
    // Signing in with the bound account reaches its owner.
    const login = await redirectFlow(browser(), provider, profile);
    expect(login.body).toMatchObject({ success: true, message: '', data: { id: owner.userId } });
  });

  it('WeChat bind: needs a signed-in user, binds, and refuses an id bound elsewhere', async () => {
    expect((await browser().get('/api/oauth/wechat/bind?code=1')).status).toBe(401);
    const owner = await weChatUser('wx-first-account');
    const bind = await owner.get(`/api/oauth/wechat/bind?code=${fake.wechat.issueCode('wx-second-account')}`);
    expect(bind.body).toMatchObject({ success: true, message: 'bind', data: { id: owner.userId } });
    expect((await userRow(owner.userId!)).wechat_id).toBe('wx-second-account');
    const other = await weChatUser('wx-third-account');
    const taken = await other.get(`/api/oauth/wechat/bind?code=${fake.wechat.issueCode('wx-second-account')}`);
    expect(taken.body).toEqual({ success: false, message: '该微信账号已被绑定' });
  });

  it('Telegram: a correctly signed widget registers, then signs the same user in', async () => {
    const widget = { id: '424242', first_name: 'Tele', last_name: 'Gram', username: 'tg', auth_date: now() };
    const client = browser();
    const res = await client.get(`/api/oauth/telegram/login?${telegramQuery(signTelegram(widget, BOT_TOKEN))}`);
    expect(res.body).toMatchObject({ success: true, data: { display_name: 'Tele Gram' } });
    expect((await userRow(res.body.data.id)).telegram_id).toBe('424242');
    client.userId = res.body.data.id;
    expect((await client.get('/api/user/self')).status).toBe(200);
    const fresh = signTelegram({ ...widget, auth_date: now() }, BOT_TOKEN);
    const again = await browser().get(`/api/oauth/telegram/login?${telegramQuery(fresh)}`);
    expect(again.body.data.id).toBe(res.body.data.id);
  });

  it('Telegram: refuses a bad hash, tampered fields and a stale auth_date', async () => {
    const widget = { id: '515151', first_name: 'X', auth_date: now() };
    const forged = signTelegram(widget, 'another:bot-token');
    const refused = await browser().get(`/api/oauth/telegram/login?${telegramQuery(forged)}`);
    expect(refused.body).toEqual({ success: false, message: '无效的请求' });
    const tampered = { ...signTelegram(widget, BOT_TOKEN), id: '1' };
    expect((await browser().get(`/api/oauth/telegram/login?${telegramQuery(tampered)}`)).body.message).toBe('无效的请求');
    const stale = signTelegram({ ...widget, auth_date: String(Math.floor(Date.now() / 1000) - 2 * 86_400) }, BOT_TOKEN);
    expect((await browser().get(`/api/oauth/telegram/login?${telegramQuery(stale)}`)).body).toEqual({
      success: false,
      message: 'Telegram 登录信息已过期，请重新登录',
    });
    expect(await api.query(`SELECT id FROM users WHERE telegram_id = '515151'`)).toEqual([]);
  });

  it('Telegram bind: binds the fields the console hands on with New-Api-User, never on the cookie alone', async () => {
    const fields = () => telegramQuery(signTelegram({ id: '616161', username: 'binder', auth_date: now() }, BOT_TOKEN));
    expect((await browser().get(`/api/oauth/telegram/bind?${fields()}`)).status).toBe(401);
    const owner = await weChatUser('wx-telegram-owner');
    const ownerId = owner.userId;
    // A navigation (a link or form on any page) carries the cookie but no New-Api-User header.
    owner.userId = undefined;
    const navigation = await owner.get(`/api/oauth/telegram/bind?${fields()}`);
    expect([navigation.status, navigation.body]).toEqual([401, { success: false, message: '无权进行此操作，未提供 New-Api-User' }]);
    expect(await api.query(`SELECT id FROM users WHERE telegram_id = '616161'`)).toEqual([]);
    owner.userId = ownerId;
    const res = await owner.get(`/api/oauth/telegram/bind?${fields()}`);
    expect(res.body).toMatchObject({ success: true, message: 'bind', data: { id: ownerId } });
    expect(await api.query(`SELECT id FROM users WHERE telegram_id = '616161'`)).toEqual([{ id: ownerId }]);
    const other = await weChatUser('wx-telegram-other');
    expect((await other.get(`/api/oauth/telegram/bind?${fields()}`)).body).toEqual({ success: false, message: '该 Telegram 账户已被绑定' });
    expect(await api.query(`SELECT id FROM users WHERE telegram_id = '616161'`)).toEqual([{ id: ownerId }]);
  });

  it('state-changing GETs refuse what another site or origin made the browser send, and change nothing', async () => {
    const victim = await weChatUser('wx-cross-site-victim');
    const signed = () => telegramQuery(signTelegram({ id: '727272', auth_date: now() }, BOT_TOKEN));
    const paths = [
      `/api/oauth/telegram/bind?${signed()}`,
      `/api/oauth/telegram/login?${signed()}`,
      `/api/oauth/wechat/bind?code=${fake.wechat.issueCode('wx-cross-site-attacker')}`,
      `/api/oauth/wechat?code=${fake.wechat.issueCode('wx-cross-site-attacker')}`,
      '/api/oauth/email/bind?email=attacker@example.com&code=123456',
      '/api/oauth/state',
      '/api/user/logout',
    ];
    for (const site of ['cross-site', 'same-site']) {
      victim.headers['Sec-Fetch-Site'] = site;
      for (const path of paths) {
        const res = await victim.get(path);
        expect([site, path, res.status, res.body]).toEqual([site, path, 200, { success: false, message: '无权进行此操作，请从本站页面发起此操作' }]);
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    }
    expect(await api.query(`SELECT id FROM users WHERE telegram_id = '727272' OR wechat_id = 'wx-cross-site-attacker'`)).toEqual([]);
    // Still signed in: the sign-out was refused too. The console's own calls pass.
    victim.headers['Sec-Fetch-Site'] = 'same-origin';
    expect((await victim.get('/api/user/self')).body.data.id).toBe(victim.userId);
    expect((await victim.get('/api/user/logout')).body.success).toBe(true);
    expect((await victim.get('/api/user/self')).status).toBe(401);
  });

  it('Telegram: the disabled message', async () => {
    await api.setOptions({ TelegramOAuthEnabled: 'false' });
    try {
      const signed = signTelegram({ id: '1', auth_date: now() }, BOT_TOKEN);
      expect((await browser().get(`/api/oauth/telegram/login?${telegramQuery(signed)}`)).body).toEqual({
        success: false,
        message: '管理员未开启通过 Telegram 登录以及注册',
      });
    } finally {
      await api.setOptions({ TelegramOAuthEnabled: 'true' });
    }
  });

  it('a banned user cannot bind an account', async () => {
    const banned = await weChatUser('wx-banned');
    await api.query(`UPDATE users SET status = 2 WHERE id = $1`, [banned.userId]);
    const res = await redirectFlow(banned, 'github', { id: 2100 });
    expect(res.body).toEqual({ success: false, message: '用户已被封禁' });
    expect((await api.query(`SELECT id FROM users WHERE github_id = '2100'`)).length).toBe(0);
  });

  it('puts every OAuth route under the critical rate limit', async () => {
    const client = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await client.get('/api/oauth/state')).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await client.get('/api/oauth/telegram/login?id=1')).status).toBe(429);
  });
});
