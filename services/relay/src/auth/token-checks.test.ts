import { TokenStatus, UserRole, UserStatus } from '@modelgate/db';
import {
  checkClientIp,
  checkModelAllowed,
  checkPinnedChannel,
  checkTokenUsable,
  checkUserActive,
  compileAllowList,
  type CredentialToken,
  type CredentialUser,
  maskTokenKey,
  resolveGroup,
} from './token-checks';

const KEY = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV';
const NOW = 1_800_000_000;

function token(overrides: Partial<CredentialToken> = {}): CredentialToken {
  return {
    id: 1, user_id: 1, key: KEY, status: TokenStatus.Enabled, name: 't', created_time: 0, accessed_time: 0,
    expired_time: -1, remain_quota: 100, unlimited_quota: false, model_limits_enabled: false,
    model_limits: '', allow_ips: '', used_quota: 0, group: '', rate_limit_rpm: 0, rate_limit_tpm: 0, ...overrides,
  };
}

function user(overrides: Partial<CredentialUser> = {}): CredentialUser {
  return { id: 1, username: 'u', role: UserRole.Common, status: UserStatus.Enabled, group: 'default', quota: 10, ...overrides };
}

/** Runs `fn` and returns what it threw, for matching message, code and status together. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

const EXHAUSTED = '该令牌额度已用尽 TokenStatusExhausted[sk-abc***TUV]';

describe('checkTokenUsable', () => {
  it.each([
    ['exhausted status', { status: TokenStatus.Exhausted }, 'token_exhausted', EXHAUSTED],
    ['expired status', { status: TokenStatus.Expired }, 'token_expired', '该令牌已过期'],
    ['expired status with a future expiry', { status: TokenStatus.Expired, expired_time: NOW + 60 }, 'token_expired', '该令牌已过期'],
    ['disabled', { status: TokenStatus.Disabled }, 'token_unavailable', '该令牌状态不可用'],
    ['unknown status', { status: 9 }, 'token_unavailable', '该令牌状态不可用'],
    ['enabled but past its expiry', { expired_time: NOW - 1 }, 'token_expired', '该令牌已过期'],
    ['enabled, expiry 0 (the epoch)', { expired_time: 0 }, 'token_expired', '该令牌已过期'],
    ['limited with no quota left', { remain_quota: 0 }, 'token_exhausted', EXHAUSTED],
    ['limited with negative quota', { remain_quota: -5 }, 'token_exhausted', EXHAUSTED],
    ['disabled wins over past expiry', { status: TokenStatus.Disabled, expired_time: NOW - 1 }, 'token_unavailable', '该令牌状态不可用'],
  ])('rejects %s', (_name, overrides, code, message) => {
    expect(thrown(() => checkTokenUsable(token(overrides), NOW))).toMatchObject({ code, message, httpStatus: 401 });
  });

  it.each([
    ['never expires', {}],
    ['expires in the future', { expired_time: NOW + 1 }],
    ['expires this very second', { expired_time: NOW }],
    ['unlimited with no quota left', { unlimited_quota: true, remain_quota: 0 }],
  ])('accepts a token that %s', (_name, overrides) => {
    expect(() => checkTokenUsable(token(overrides), NOW)).not.toThrow();
  });

  it('masks all but three characters at each end', () => {
    expect(maskTokenKey(KEY)).toBe('sk-abc***TUV');
  });
});

describe('checkUserActive', () => {
  it.each([
    ['missing (deleted) user', undefined, 401, 'invalid_api_key', '无效的令牌'],
    ['banned user', user({ status: UserStatus.Disabled }), 403, 'user_banned', '用户已被封禁'],
    ['cannot-enable user', user({ status: UserStatus.CannotEnable }), 403, 'user_banned', '用户已被封禁'],
  ])('rejects a %s', (_name, subject, httpStatus, code, message) => {
    expect(thrown(() => checkUserActive(subject))).toMatchObject({ httpStatus, code, message });
  });

  it('accepts an enabled user', () => {
    expect(() => checkUserActive(user())).not.toThrow();
  });
});

describe('checkPinnedChannel', () => {
  it.each([
    ['a common user', user(), '5', 403, 'channel_pin_forbidden', '普通用户不支持指定渠道'],
    ['a common user with a bad id', user(), 'x', 403, 'channel_pin_forbidden', '普通用户不支持指定渠道'],
    ['an admin with a non-numeric id', user({ role: UserRole.Admin }), 'x1', 400, 'invalid_channel_id', '无效的渠道 Id'],
    ['an admin with an empty id', user({ role: UserRole.Admin }), '', 400, 'invalid_channel_id', '无效的渠道 Id'],
    ['an admin with a negative id', user({ role: UserRole.Root }), '-1', 400, 'invalid_channel_id', '无效的渠道 Id'],
  ])('rejects %s', (_name, subject, raw, httpStatus, code, message) => {
    expect(thrown(() => checkPinnedChannel(subject, raw))).toMatchObject({ httpStatus, code, message });
  });

  it.each([
    [user(), undefined, undefined],
    [user({ role: UserRole.Admin }), '12', 12],
    [user({ role: UserRole.Root }), '0042', 42],
  ])('returns the channel id (%#)', (subject, raw, expected) => {
    expect(checkPinnedChannel(subject, raw)).toBe(expected);
  });
});

describe('IP allow list', () => {
  const list = [
    '10.1.2.3',
    '192.168.0.0/16 ',
    ' 2001:db8::/32',
    '::1, 172.16.5.4',
    'not-an-ip',
    '10.0.0.0/99',
  ].join('\n');

  it.each([
    ['10.1.2.3', true],
    ['10.1.2.4', false],
    ['192.168.255.1', true],
    ['192.169.0.1', false],
    ['172.16.5.4', true],
    ['2001:db8:1::5', true],
    ['2001:db9::1', false],
    ['::1', true],
    ['::2', false],
    ['::ffff:10.1.2.3', true],
    ['::ffff:192.168.1.1', true],
    ['::ffff:8.8.8.8', false],
    ['garbage', false],
    ['', false],
  ])('%s allowed: %s', (ip, allowed) => {
    expect(compileAllowList(list)?.allows(ip)).toBe(allowed);
  });

  it.each([
    ['0.0.0.0/0', '8.8.8.8', true],
    ['::/0', '2001:4860::1', true],
    ['10.0.0.0/8\r\n', '10.200.1.1', true],
    ['fe80::1', 'FE80::1', true],
  ])('%s allows %s: %s', (text, ip, allowed) => {
    expect(compileAllowList(text)?.allows(ip)).toBe(allowed);
  });

  it('an empty list allows everyone; a list of only invalid entries allows no one', () => {
    expect(compileAllowList('')).toBeUndefined();
    expect(compileAllowList(' \n , \n')).toBeUndefined();
    expect(compileAllowList('nonsense\n300.1.1.1')?.allows('300.1.1.1')).toBe(false);
    expect(compileAllowList('nonsense')?.allows('1.2.3.4')).toBe(false);
  });

  it('checkClientIp rejects an unlisted address with the reference message', () => {
    const restricted = token({ allow_ips: '10.0.0.0/8' });
    expect(() => checkClientIp(restricted, '10.9.9.9')).not.toThrow();
    expect(() => checkClientIp(token(), '8.8.8.8')).not.toThrow();
    expect(thrown(() => checkClientIp(restricted, '8.8.8.8'))).toMatchObject({
      httpStatus: 403, code: 'ip_not_allowed', message: '您的 IP 不在令牌允许访问的列表中',
    });
  });
});

describe('resolveGroup', () => {
  const usable = new Set(['default', 'vip']);

  it.each([
    ['no token group: the user group', '', 'svip', undefined, 'svip'],
    ['a usable token group', 'vip', 'default', undefined, 'vip'],
    ['the user own group though not in the option', 'svip', 'svip', undefined, 'svip'],
    ['a usable and known group', 'vip', 'default', new Set(['default', 'vip']), 'vip'],
  ])('%s', (_name, tokenGroup, userGroup, known, expected) => {
    expect(resolveGroup(token({ group: tokenGroup }), user({ group: userGroup }), usable, known)).toBe(expected);
  });

  it.each([
    ['not usable', 'svip', undefined, 'token_group_disabled', '令牌分组 svip 已被禁用'],
    ['usable but missing from GroupRatio', 'vip', new Set(['default']), 'group_deprecated', '分组 vip 已被弃用'],
  ])('rejects a token group %s', (_name, tokenGroup, known, code, message) => {
    expect(thrown(() => resolveGroup(token({ group: tokenGroup }), user(), usable, known))).toMatchObject({
      httpStatus: 403, code, message,
    });
  });
});

describe('checkModelAllowed', () => {
  const limited = token({ model_limits_enabled: true, model_limits: 'gpt-4o, gpt-4o-mini,,claude-3' });

  it.each([
    [limited, 'gpt-4o', undefined],
    [limited, 'gpt-4o-mini', undefined],
    [limited, 'claude-3', undefined],
    [limited, 'gpt-4', '该令牌无权访问模型 gpt-4'],
    [limited, 'GPT-4O', '该令牌无权访问模型 GPT-4O'],
    [token({ model_limits_enabled: true, model_limits: '' }), 'gpt-4o', '该令牌无权访问模型 gpt-4o'],
    [token({ model_limits_enabled: false, model_limits: 'gpt-4o' }), 'gpt-4', undefined],
    [limited, undefined, undefined],
  ])('(%#) model %s', (subject, model, message) => {
    const error = thrown(() => checkModelAllowed(subject, model));
    if (message === undefined) expect(error).toBeUndefined();
    else expect(error).toMatchObject({ httpStatus: 403, code: 'model_not_allowed', message });
  });
});
