import { TokenStatus, UserRole, UserStatus } from '@modelgate/db';
import { authenticateRequest, type AuthenticateDeps } from './authenticate';
import type { Credential, CredentialLookup } from './credential-cache';
import type { CredentialToken, CredentialUser } from './token-checks';

const KEY = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV';
const NOW = 1_800_000_000;

function credential(t: Partial<CredentialToken> = {}, u: Partial<CredentialUser> = {}): Credential {
  return {
    token: {
      id: 7, user_id: 3, key: KEY, status: TokenStatus.Enabled, name: 't', created_time: 0, accessed_time: 0,
      expired_time: -1, remain_quota: 100, unlimited_quota: false, model_limits_enabled: false, model_limits: '',
      allow_ips: '', used_quota: 0, group: '', rate_limit_rpm: 0, rate_limit_tpm: 0, ...t,
    },
    user: { id: 3, username: 'u', role: UserRole.Common, status: UserStatus.Enabled, group: 'default', quota: 5, ...u },
  };
}

function deps(found: Credential | undefined): AuthenticateDeps & { lookups: string[] } {
  const lookups: string[] = [];
  const credentials: CredentialLookup = {
    lookup: (key) => {
      lookups.push(key);
      return Promise.resolve(found);
    },
  };
  return {
    credentials, lookups, nowSeconds: () => NOW,
    usableGroups: () => new Set(['default', 'vip']),
    knownGroups: () => new Set(['default', 'vip', 'svip']),
  };
}

const bearer = (text: string) => ({ authorization: `Bearer ${text}` });

describe('authenticateRequest', () => {
  it('returns the token, user, group and pinned channel', async () => {
    const found = credential({ group: 'vip' }, { role: UserRole.Admin });
    const d = deps(found);
    await expect(authenticateRequest(bearer(`sk-${KEY}-9`), '1.2.3.4', 'gpt-4o', d)).resolves.toEqual({
      token: found.token, user: found.user, group: 'vip', pinnedChannelId: 9,
    });
    expect(d.lookups).toEqual([KEY]);
    await expect(authenticateRequest(bearer(`sk-${KEY}`), '1.2.3.4', undefined, deps(credential()))).resolves.toEqual(
      expect.not.objectContaining({ pinnedChannelId: expect.anything() }),
    );
  });

  it.each([
    ['no key', {}, credential(), 401, 'missing_api_key', '未提供令牌'],
    ['malformed key', bearer('sk-nope'), credential(), 401, 'invalid_api_key', '无效的令牌'],
    ['unknown key', bearer(`sk-${KEY}`), undefined, 401, 'invalid_api_key', '无效的令牌'],
    ['deleted owner', bearer(`sk-${KEY}`), { ...credential(), user: undefined }, 401, 'invalid_api_key', '无效的令牌'],
    ['disabled token', bearer(`sk-${KEY}`), credential({ status: TokenStatus.Disabled }), 401, 'token_unavailable', '该令牌状态不可用'],
    ['expired token', bearer(`sk-${KEY}`), credential({ expired_time: NOW - 10 }), 401, 'token_expired', '该令牌已过期'],
    ['exhausted token', bearer(`sk-${KEY}`), credential({ remain_quota: 0 }), 401, 'token_exhausted', '该令牌额度已用尽 TokenStatusExhausted[sk-abc***TUV]'],
    ['banned user', bearer(`sk-${KEY}`), credential({}, { status: UserStatus.Disabled }), 403, 'user_banned', '用户已被封禁'],
    ['pinned channel by a common user', bearer(`sk-${KEY}-1`), credential(), 403, 'channel_pin_forbidden', '普通用户不支持指定渠道'],
    ['pinned non-numeric channel', bearer(`sk-${KEY}-x`), credential({}, { role: UserRole.Root }), 400, 'invalid_channel_id', '无效的渠道 Id'],
    ['IP not allowed', bearer(`sk-${KEY}`), credential({ allow_ips: '10.0.0.0/8\n::1' }), 403, 'ip_not_allowed', '您的 IP 不在令牌允许访问的列表中'],
    ['token group not usable', bearer(`sk-${KEY}`), credential({ group: 'svip' }), 403, 'token_group_disabled', '令牌分组 svip 已被禁用'],
    ['token group deprecated', bearer(`sk-${KEY}`), credential({ group: 'old' }, { group: 'old' }), 403, 'group_deprecated', '分组 old 已被弃用'],
    ['model not allowed', bearer(`sk-${KEY}`), credential({ model_limits_enabled: true, model_limits: 'gpt-4' }), 403, 'model_not_allowed', '该令牌无权访问模型 gpt-4o'],
    ['expiry checked before the user', bearer(`sk-${KEY}`), credential({ status: TokenStatus.Expired }, { status: UserStatus.Disabled }), 401, 'token_expired', '该令牌已过期'],
    ['user checked before the pin', bearer(`sk-${KEY}-1`), credential({}, { status: UserStatus.Disabled }), 403, 'user_banned', '用户已被封禁'],
    ['IP checked before the model', bearer(`sk-${KEY}`), credential({ allow_ips: '10.0.0.1', model_limits_enabled: true }), 403, 'ip_not_allowed', '您的 IP 不在令牌允许访问的列表中'],
  ])('rejects: %s', async (_name, headers, found, httpStatus, code, message) => {
    await expect(authenticateRequest(headers, '1.2.3.4', 'gpt-4o', deps(found))).rejects.toMatchObject({
      httpStatus, code, message,
    });
  });

  it('reads x-api-key on /v1/messages', async () => {
    const d = deps(credential());
    await authenticateRequest({ 'x-api-key': `sk-${KEY}`, authorization: 'Bearer junk' }, '::1', 'claude-3', d, { path: '/v1/messages' });
    expect(d.lookups).toEqual([KEY]);
  });

  it('defaults to the clock for expiry', async () => {
    const d = deps(credential({ expired_time: Math.floor(Date.now() / 1000) + 3600 }));
    delete d.nowSeconds;
    await expect(authenticateRequest(bearer(`sk-${KEY}`), '::1', 'm', d)).resolves.toBeDefined();
  });
});
