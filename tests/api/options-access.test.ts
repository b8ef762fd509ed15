import { DEFAULT_MODEL_RATIO } from '@modelgate/db';
import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { eventually, signedIn, type SignedIn } from './options-support';

jest.setTimeout(60_000);

describe('/api/option: who may, secrets, sign-in switches, propagation, model-ratio reset', () => {
  let api: ApiStack;
  let sessions: SignedIn;
  let root: ApiClient;

  beforeAll(async () => {
    api = await startApiStack();
    sessions = await signedIn(api);
    root = await sessions.as('root');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const put = (key: string, value: string) => root.put('/api/option/', { key, value });
  const listed = async (client: ApiClient = root) =>
    new Map(((await client.get('/api/option/')).body.data as Array<{ key: string; value: string }>).map((o) => [o.key, o.value]));

  describe.each([
    ['GET /api/option/', (c: ApiClient) => c.get('/api/option/')],
    ['PUT /api/option/', (c: ApiClient) => c.put('/api/option/', { key: 'Notice', value: 'hello' })],
    ['POST /api/option/rest_model_ratio', (c: ApiClient) => c.post('/api/option/rest_model_ratio')],
  ])('%s', (_name, call) => {
    it('answers 401 to an anonymous caller', async () => {
      const res = await call(api.client());
      const message = '无权进行此操作，未登录且未提供 access token';
      expect([res.status, res.body]).toEqual([401, { success: false, message }]);
    });

    it.each(['user', 'admin'] as const)('refuses a signed-in %s', async (role) => {
      const res = await call(await sessions.as(role));
      expect([res.status, res.body]).toEqual([200, { success: false, message: '无权进行此操作，权限不足' }]);
    });

    it('serves root', async () => {
      const res = await call(root);
      expect([res.status, res.body.success]).toEqual([200, true]);
    });
  });

  it('lists every option as {key, value} text, without any secret', async () => {
    expect((await put('TurnstileSecretKey', 'ts-secret-value')).body).toEqual({ success: true, message: '' });
    expect((await put('oidc.client_secret', 'oidc-secret-value')).body.success).toBe(true);
    expect((await put('SMTPToken', 'smtp-secret-value')).body.success).toBe(true);
    const res = await root.get('/api/option/');
    const keys = (res.body.data as Array<{ key: string; value: unknown }>).map((o) => o.key);
    expect(keys).toEqual(expect.arrayContaining(['SystemName', 'GitHubClientId', 'ModelRatio', 'oidc.client_id']));
    expect((res.body.data as Array<{ value: unknown }>).every((o) => typeof o.value === 'string')).toBe(true);
    expect(keys.filter((key) => /(Token|Secret|Key)$/.test(key))).toEqual([]);
    expect(keys).not.toContain('oidc.client_secret');
    expect(JSON.stringify(res.body)).not.toMatch(/secret-value/);
    // Written all the same.
    const rows = await api.query(
      `SELECT value FROM options WHERE key IN ('TurnstileSecretKey', 'oidc.client_secret') ORDER BY key`,
    );
    expect(rows).toEqual([{ value: 'ts-secret-value' }, { value: 'oidc-secret-value' }]);
  });

  it.each([
    [
      'GitHubOAuthEnabled',
      { GitHubClientId: 'gh-id', GitHubClientSecret: 'gh-secret' },
      '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    ],
    [
      'oidc.enabled',
      { 'oidc.client_id': 'oidc-id', 'oidc.client_secret': 'oidc-secret' },
      '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！',
    ],
    [
      'LinuxDOOAuthEnabled',
      { LinuxDOClientId: 'ld-id', LinuxDOClientSecret: 'ld-secret' },
      '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！',
    ],
    [
      'WeChatAuthEnabled',
      { WeChatServerAddress: 'https://wx.example.com', WeChatServerToken: 'wx-token' },
      '无法启用微信登录，请先填入微信登录相关配置信息！',
    ],
    ['TelegramOAuthEnabled', { TelegramBotToken: '123:abc' }, '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！'],
    [
      'TurnstileCheckEnabled',
      { TurnstileSiteKey: 'site', TurnstileSecretKey: 'secret' },
      '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
    ],
    ['EmailDomainRestrictionEnabled', { EmailDomainWhitelist: 'example.com' }, '无法启用邮箱域名限制，请先填入限制的邮箱域名！'],
  ] as const)('refuses to enable %s until its settings are filled in', async (flag, settings, message) => {
    const entries = Object.entries(settings);
    for (const [key] of entries) expect((await put(key, ' ')).body.success).toBe(true);
    expect((await put(flag, 'true')).body).toEqual({ success: false, message });
    // One setting alone is not enough when two are needed.
    expect((await put(entries[0]![0], entries[0]![1])).body.success).toBe(true);
    if (entries.length > 1) expect((await put(flag, 'true')).body).toEqual({ success: false, message });
    for (const [key, value] of entries) expect((await put(key, value)).body.success).toBe(true);
    expect((await put(flag, 'true')).body).toEqual({ success: true, message: '' });
    expect((await put(flag, 'false')).body.success).toBe(true);
  });

  it('lets a batch of identity calls bring the credentials and the switch together', async () => {
    await api.setOptions({ GitHubClientId: 'id-2', GitHubClientSecret: 'secret-2', GitHubOAuthEnabled: 'true' });
    expect((await listed()).get('GitHubOAuthEnabled')).toBe('true');
    // Clearing a credential in the same batch that switches its method on is judged on the result.
    await expect(
      api.setOptions({ GitHubClientSecret: 'changed', TelegramBotToken: '', TelegramOAuthEnabled: 'true' }),
    ).rejects.toMatchObject({ message: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！' });
    // The whole batch was refused: the secret is still set.
    expect((await api.query(`SELECT value FROM options WHERE key = 'GitHubClientSecret'`))[0].value).toBe('secret-2');
    await api.setOptions({ GitHubOAuthEnabled: 'false' });
  });

  it('shows a change in /api/status and in edge\'s own copy of the options within a second', async () => {
    expect((await put('SystemName', 'Gateway Two')).body.success).toBe(true);
    const systemName = async () => (await api.client().get('/api/status')).body.data.system_name;
    const statusTook = await eventually(systemName, 'Gateway Two');
    expect(statusTook).toBeLessThan(1_000);
    expect((await put('Notice', 'maintenance tonight')).body.success).toBe(true);
    const notice = async () => (await api.client().get('/api/notice')).body.data;
    const noticeTook = await eventually(notice, 'maintenance tonight');
    expect(noticeTook).toBeLessThan(1_000);
    expect((await put('ServerAddress', 'https://gw.example.com/')).body.success).toBe(true);
    await eventually(async () => (await api.client().get('/api/status')).body.data.server_address, 'https://gw.example.com');
  });

  it('resets ModelRatio to the built-in table', async () => {
    expect((await put('ModelRatio', '{"only-model": 3}')).body.success).toBe(true);
    expect((await listed()).get('ModelRatio')).toBe('{"only-model": 3}');
    const res = await root.post('/api/option/rest_model_ratio');
    expect([res.status, res.body]).toEqual([200, { success: true, message: '重置模型倍率成功' }]);
    const reset = (await listed()).get('ModelRatio');
    expect(JSON.parse(reset!)).toEqual(DEFAULT_MODEL_RATIO);
    expect((await api.query(`SELECT value FROM options WHERE key = 'ModelRatio'`))[0].value).toBe(reset);
    // Resetting again changes nothing and still succeeds.
    expect((await root.post('/api/option/rest_model_ratio')).body.success).toBe(true);
  });
});
