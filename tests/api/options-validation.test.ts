import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { signedIn, type SignedIn } from './options-support';

jest.setTimeout(60_000);

/** `PUT /api/option/` as the settings page sends it: one key, a text value. */
describe('PUT /api/option/: validation (spec §5 "Settings")', () => {
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

  const put = (key: string, value: unknown) => root.put('/api/option/', { key, value });
  const stored = async (key: string) =>
    (await api.query<{ value: string }>(`SELECT value FROM options WHERE key = $1`, [key]))[0]?.value;
  /** The value the option has for identity, whether stored or default. */
  const current = async (key: string) =>
    ((await root.get('/api/option/')).body.data as Array<{ key: string; value: string }>).find((o) => o.key === key)?.value;

  /** Expects the change refused with `message` and the option left as it was. */
  async function refused(key: string, value: string, message: string): Promise<void> {
    const before = await current(key);
    const res = await put(key, value);
    expect([res.status, res.body]).toEqual([200, { success: false, message }]);
    expect(await current(key)).toBe(before);
  }

  it.each([
    'GroupRatio',
    'UserUsableGroups',
    'ModelPrice',
    'ModelRatio',
    'CacheRatio',
    'CompletionRatio',
    'Chats',
    'gemini.safety_settings',
    'gemini.version_settings',
    'claude.model_headers_settings',
    'claude.default_max_tokens',
  ])('refuses %s that is not JSON', async (key) => {
    await refused(key, '{"a": 1,', `${key} 不是合法的 JSON 字符串`);
  });

  it('names the top-up group ratios as the payment form does', async () => {
    await refused('TopupGroupRatio', 'default: 1', '充值分组倍率不是合法的 JSON 字符串');
  });

  it('refuses JSON of the wrong shape and negative group ratios', async () => {
    await refused('GroupRatio', '{"default": 1, "vip": -0.5}', 'group ratio must be not less than 0: vip');
    await refused('ModelRatio', '{"gpt-4o": "cheap"}', 'ModelRatio 中 gpt-4o 的值必须是数字');
    await refused('ModelPrice', '{"dall-e-3": -1}', 'ModelPrice 中 dall-e-3 的值不能小于 0');
    await refused('UserUsableGroups', '["default"]', 'UserUsableGroups 必须是 JSON 对象');
    await refused('Chats', '{"Lobe": "https://x"}', 'Chats 必须是 JSON 数组');
    await refused('Chats', '[{"a": "x", "b": "y"}]', 'Chats 的每一项必须是 {"名称": "链接"} 形式的对象');
    await refused('claude.default_max_tokens', '{"default": 0}', 'claude.default_max_tokens 中 default 的值必须是正整数');
    await refused(
      'claude.model_headers_settings',
      '{"claude-3-7": {"anthropic-beta": "x"}}',
      'claude.model_headers_settings 中 claude-3-7 的值必须是 {"请求头": ["值", ...]} 形式的对象',
    );
  });

  it('stores valid JSON as it was sent', async () => {
    const text = '{\n  "default": 1,\n  "vip": 0.8\n}';
    expect((await put('GroupRatio', text)).body).toEqual({ success: true, message: '' });
    expect(await stored('GroupRatio')).toBe(text);
    expect((await put('Chats', '[{"Lobe Chat": "https://chat.example/?key={key}"}]')).body.success).toBe(true);
  });

  it('accepts only true or false for switches', async () => {
    await refused('DrawingEnabled', 'yes', 'DrawingEnabled 只能是 true 或 false');
    await refused('oidc.enabled', 'TRUE', 'oidc.enabled 只能是 true 或 false');
    expect((await put('DrawingEnabled', false)).body.success).toBe(true);
    expect(await stored('DrawingEnabled')).toBe('false');
  });

  it.each([
    ['QuotaPerUnit', '0', 'QuotaPerUnit 必须是大于 0 且不大于 1000000000000000 的数字'],
    ['QuotaPerUnit', 'abc', 'QuotaPerUnit 必须是大于 0 且不大于 1000000000000000 的数字'],
    ['RetryTimes', '-1', 'RetryTimes 必须是 0 到 10 之间的整数'],
    ['RetryTimes', '99999999999', 'RetryTimes 必须是 0 到 10 之间的整数'],
    ['QuotaForNewUser', '9007199254740991', 'QuotaForNewUser 必须是 0 到 1000000000000000 之间的整数'],
    ['MinTopUp', '0', 'MinTopUp 必须是 1 到 1000000 之间的整数'],
    ['DataExportInterval', '0', 'DataExportInterval 必须是 1 到 1440 之间的整数'],
    ['ChannelDisableThreshold', '-0.5', 'ChannelDisableThreshold 必须是 0 到 31536000 之间的数字'],
    ['QuotaRemindThreshold', '-1', 'QuotaRemindThreshold 必须是 0 到 1000000000000000 之间的整数'],
    ['QuotaForNewUser', '1.5', 'QuotaForNewUser 必须是 0 到 1000000000000000 之间的整数'],
    ['PreConsumedQuota', '-1', 'PreConsumedQuota 必须是 0 到 1000000000000000 之间的整数'],
    ['QuotaForInviter', '-1', 'QuotaForInviter 必须是 0 到 1000000000000000 之间的整数'],
    ['QuotaForInvitee', '', 'QuotaForInvitee 必须是 0 到 1000000000000000 之间的整数'],
    ['ModelRequestRateLimitDurationMinutes', '-1', 'ModelRequestRateLimitDurationMinutes 必须是 0 到 1440 之间的整数'],
    ['ModelRequestRateLimitCount', '-1', 'ModelRequestRateLimitCount 必须是 0 到 100000000 之间的整数'],
    ['ModelRequestRateLimitSuccessCount', '0', 'ModelRequestRateLimitSuccessCount 必须是 1 到 100000000 之间的整数'],
    [
      'claude.thinking_adapter_budget_tokens_percentage',
      '0.05',
      'claude.thinking_adapter_budget_tokens_percentage 必须是 0.1 到 1 之间的数字',
    ],
    [
      'claude.thinking_adapter_budget_tokens_percentage',
      '1.5',
      'claude.thinking_adapter_budget_tokens_percentage 必须是 0.1 到 1 之间的数字',
    ],
    ['DataExportDefaultTime', 'month', 'DataExportDefaultTime 只能是 hour、day 或 week'],
  ])('refuses %s = %j', async (key, value, message) => {
    await refused(key, value, message);
  });

  it('accepts the boundaries and stores numbers in plain form', async () => {
    for (const [key, value] of [
      ['MinTopUp', '1'],
      ['DataExportInterval', '1'],
      ['ModelRequestRateLimitCount', '0'],
      ['ModelRequestRateLimitSuccessCount', '1'],
      ['ModelRequestRateLimitDurationMinutes', '0'],
      ['claude.thinking_adapter_budget_tokens_percentage', '0.1'],
      ['claude.thinking_adapter_budget_tokens_percentage', '1'],
    ]) {
      expect([key, (await put(key!, value)).body.success]).toEqual([key, true]);
    }
    expect((await put('QuotaPerUnit', 500000.0)).body.success).toBe(true);
    expect((await put('RetryTimes', ' 3 ')).body.success).toBe(true);
    expect(await stored('RetryTimes')).toBe('3');
  });

  it.each(['ServerAddress', 'WorkerUrl', 'WeChatServerAddress', 'PayAddress'])(
    'strips trailing slashes from %s',
    async (key) => {
      expect((await put(key, 'https://gateway.example.com/base//')).body.success).toBe(true);
      expect(await stored(key)).toBe('https://gateway.example.com/base');
    },
  );

  it('refuses unknown keys and bodies that are not {key, value}', async () => {
    expect((await put('NoSuchOption', 'x')).body).toEqual({ success: false, message: '未知的设置项：NoSuchOption' });
    expect(await stored('NoSuchOption')).toBeUndefined();
    expect((await root.put('/api/option/', { value: 'x' })).body).toEqual({ success: false, message: '无效的参数' });
    expect((await put('Notice', { text: 'x' })).body).toEqual({ success: false, message: '无效的参数' });
  });

  it('stores an empty string for a key sent without a value, as the reference does', async () => {
    expect((await put('Notice', 'hello')).body.success).toBe(true);
    expect((await root.put('/api/option/', { key: 'Notice' })).body).toEqual({ success: true, message: '' });
    expect(await stored('Notice')).toBe('');
    expect((await put('Notice', 'again')).body.success).toBe(true);
    expect((await put('Notice', null)).body.success).toBe(true);
    expect(await stored('Notice')).toBe('');
  });

  it('refuses an OIDC discovery address that is not http(s)', async () => {
    await refused('oidc.well_known', 'ftp://id.example.com/.well-known', 'OIDC Well-Known URL 必须以 http:// 或 https:// 开头');
    expect((await put('oidc.well_known', 'https://id.example.com/.well-known/openid-configuration')).body.success).toBe(true);
  });

  it('needs a server address before a payment address', async () => {
    expect((await put('PayAddress', '')).body.success).toBe(true);
    expect((await put('ServerAddress', '')).body.success).toBe(true);
    await refused('PayAddress', 'https://pay.example.com', '请先填写服务器地址');
    expect((await put('ServerAddress', 'https://gw.example.com')).body.success).toBe(true);
    expect((await put('PayAddress', 'https://pay.example.com')).body.success).toBe(true);
  });
});
