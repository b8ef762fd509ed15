import { DEFAULT_OPTIONS } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { ruledKeys } from './option-rules';
import { validateOptionChanges } from './option-validation';
import type { OptionReader } from './option-store';

/** The options as a fresh installation has them, plus `overrides`. */
function optionsWith(overrides: Record<string, string> = {}): OptionReader {
  const values = { ...DEFAULT_OPTIONS, ...overrides };
  return { get: (key) => values[key] ?? '', all: () => ({ ...values }) };
}

const refusal = (changes: Record<string, string>, current = optionsWith()) => {
  try {
    validateOptionChanges(changes, current);
  } catch (error) {
    if (error instanceof ValidationError) return { message: error.message, code: error.code, ...(error.details ? { params: error.details } : {}) };
    throw error;
  }
  return undefined;
};

describe('option rules', () => {
  it('classify exactly the options of the defaults', () => {
    expect([...ruledKeys()].sort()).toEqual(Object.keys(DEFAULT_OPTIONS).sort());
  });

  it('accept every default value, unchanged', () => {
    for (const [key, value] of Object.entries(DEFAULT_OPTIONS)) {
      expect([key, validateOptionChanges({ [key]: value }, optionsWith())]).toEqual([key, { [key]: value }]);
    }
  });
});

describe('validateOptionChanges', () => {
  it('refuses keys that are not options', () => {
    expect(refusal({ ChatLink: 'https://chat' })).toEqual({ message: '未知的设置项：ChatLink', code: 'unknown_option', params: { key: 'ChatLink' } });
    expect(refusal({ constructor: 'x' })).toMatchObject({ code: 'unknown_option' });
  });

  it('normalises addresses and numbers', () => {
    expect(
      validateOptionChanges(
        { ServerAddress: ' https://gw.example.com/// ', QuotaPerUnit: '5e5', MinTopUp: '2.0', Price: '7.30' },
        optionsWith(),
      ),
    ).toEqual({ ServerAddress: 'https://gw.example.com', QuotaPerUnit: '500000', MinTopUp: '2', Price: '7.3' });
  });

  it('takes the outbound allow list as addresses and CIDR ranges only, stored comma-separated', () => {
    expect(validateOptionChanges({ OutboundAllowedRanges: ' 10.0.0.7\n192.168.1.0/24  fd00::/8 ' }, optionsWith())).toEqual({
      OutboundAllowedRanges: '10.0.0.7,192.168.1.0/24,fd00::/8',
    });
    expect(validateOptionChanges({ OutboundAllowedRanges: '' }, optionsWith())).toEqual({ OutboundAllowedRanges: '' });
    expect(refusal({ OutboundAllowedRanges: '10.0.0.0/8, localhost, 10.0.0.0/40' })).toEqual({
      message: 'OutboundAllowedRanges 只能填写 IP 地址或 CIDR 网段（以逗号分隔），无法识别：localhost、10.0.0.0/40',
      code: 'option_not_address_ranges',
      params: { key: 'OutboundAllowedRanges', values: 'localhost, 10.0.0.0/40' },
    });
  });

  it('takes the log retention as whole days from 0 (keep all) to 36500', () => {
    expect(validateOptionChanges({ LogRetentionDays: '30' }, optionsWith())).toEqual({ LogRetentionDays: '30' });
    expect(validateOptionChanges({ LogRetentionDays: '0' }, optionsWith())).toEqual({ LogRetentionDays: '0' });
    for (const value of ['-1', '1.5', 'week', '36501']) {
      expect([value, refusal({ LogRetentionDays: value })?.message]).toEqual([value, 'LogRetentionDays 必须是 0 到 36500 之间的整数']);
    }
  });

  it('refuses numbers in other notations and beyond the safe range', () => {
    for (const value of ['0x10', 'Infinity', '1e400', '', ' ', '1,000', '9007199254740993']) {
      expect([value, refusal({ QuotaForNewUser: value })?.code]).toEqual([value, 'option_integer_between']);
    }
    // Every numeric option has an upper bound too, named in the refusal's parts for the console.
    expect(refusal({ RetryTimes: '99999999999' })).toEqual({
      message: 'RetryTimes 必须是 0 到 10 之间的整数',
      code: 'option_integer_between',
      params: { key: 'RetryTimes', min: 0, max: 10 },
    });
    expect(refusal({ SMTPPort: '70000' })?.message).toBe('SMTPPort 必须是 1 到 65535 之间的整数');
    expect(refusal({ Price: '-1' })?.message).toBe('Price 必须是 0 到 1000000 之间的数字');
  });

  it('judges a sign-in switch on the options as they will be after the batch', () => {
    const message = '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！';
    expect(refusal({ GitHubOAuthEnabled: 'true' })?.message).toBe(message);
    expect(refusal({ GitHubOAuthEnabled: 'true', GitHubClientId: 'id' })?.message).toBe(message);
    expect(refusal({ GitHubOAuthEnabled: 'true', GitHubClientId: 'id', GitHubClientSecret: 'secret' })).toBeUndefined();
    const configured = optionsWith({ GitHubClientId: 'id', GitHubClientSecret: 'secret' });
    expect(refusal({ GitHubOAuthEnabled: 'true' }, configured)).toBeUndefined();
    expect(refusal({ GitHubOAuthEnabled: 'true', GitHubClientSecret: '  ' }, configured)?.message).toBe(message);
    // Switching off, or clearing credentials of a method left as it is, is always allowed.
    expect(refusal({ GitHubOAuthEnabled: 'false' })).toBeUndefined();
    expect(refusal({ GitHubClientSecret: '' }, configured)).toBeUndefined();
  });

  it('needs at least one domain before restricting email domains', () => {
    const message = '无法启用邮箱域名限制，请先填入限制的邮箱域名！';
    expect(refusal({ EmailDomainRestrictionEnabled: 'true', EmailDomainWhitelist: ' , ,' })?.message).toBe(message);
    expect(refusal({ EmailDomainRestrictionEnabled: 'true' })).toBeUndefined();
  });

  it('accepts well-formed JSON options of every shape', () => {
    expect(
      refusal({
        GroupRatio: '{"default": 1, "free": 0}',
        UserUsableGroups: '{}',
        Chats: '[]',
        'claude.model_headers_settings': '{"claude-3-7-sonnet": {"anthropic-beta": ["output-128k-2025-02-19"]}}',
        'claude.default_max_tokens': '{"default": 8192, "claude-3-haiku": 4096}',
        'gemini.version_settings': '{"default": "v1beta"}',
      }),
    ).toBeUndefined();
    expect(refusal({ ModelRatio: 'null' })?.message).toBe('ModelRatio 必须是 JSON 对象');
    expect(refusal({ CacheRatio: '{"x": null}' })?.message).toBe('CacheRatio 中 x 的值必须是数字');
    expect(refusal({ 'gemini.safety_settings': '{"default": 1}' })?.message).toBe('gemini.safety_settings 中 default 的值必须是字符串');
  });
});
