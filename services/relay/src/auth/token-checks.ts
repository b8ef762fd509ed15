import { BlockList, isIP } from 'node:net';
import { mayUseGroup, TOKEN_NEVER_EXPIRES, type TokenEntity, TokenStatus, UserRole, UserStatus } from '@modelgate/db';
import { AuthenticationError, PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import { MESSAGE_INVALID_TOKEN } from './token-key';

/** The token columns the checks read (a `tokens` row as the credential cache holds it). */
export type CredentialToken = Readonly<Omit<TokenEntity, 'deleted_at'>>;

/** The user columns the relay keeps in memory; never the password hash. */
export interface CredentialUser {
  readonly id: number;
  readonly username: string;
  readonly role: number;
  readonly status: number;
  readonly group: string;
  readonly quota: number;
}

/** The reference's messages, written out once so each check and its test agree. */
export const AuthMessages = {
  expired: '该令牌已过期',
  unavailable: '该令牌状态不可用',
  userBanned: '用户已被封禁',
  channelPinForbidden: '普通用户不支持指定渠道',
  invalidChannelId: '无效的渠道 Id',
  ipNotAllowed: '您的 IP 不在令牌允许访问的列表中',
} as const;

/** `sk-abc***xyz`: the first and last three characters of a key, as the reference shows it. */
export function maskTokenKey(key: string): string {
  return `sk-${key.slice(0, 3)}***${key.slice(-3)}`;
}

/** The reference's exhausted message: `该令牌额度已用尽 TokenStatusExhausted[sk-abc***xyz]`. */
export function exhaustedMessage(key: string): string {
  return `该令牌额度已用尽 TokenStatusExhausted[${maskTokenKey(key)}]`;
}

/**
 * Token status, expiry and remaining quota, in the reference's order; all failures are 401.
 * Exhausted status → exhausted message (`token_exhausted`); expired status → `该令牌已过期`
 * (`token_expired`); any other non-enabled status → `该令牌状态不可用` (`token_unavailable`);
 * an enabled token whose `expired_time` (≠ -1) lies before `nowSeconds` → expired; a limited token
 * with `remain_quota ≤ 0` → exhausted.
 */
export function checkTokenUsable(token: CredentialToken, nowSeconds: number): void {
  if (token.status === TokenStatus.Exhausted) {
    throw new AuthenticationError(exhaustedMessage(token.key), { code: 'token_exhausted' });
  }
  if (token.status === TokenStatus.Expired) {
    throw new AuthenticationError(AuthMessages.expired, { code: 'token_expired' });
  }
  if (token.status !== TokenStatus.Enabled) {
    throw new AuthenticationError(AuthMessages.unavailable, { code: 'token_unavailable' });
  }
  if (token.expired_time !== TOKEN_NEVER_EXPIRES && token.expired_time < nowSeconds) {
    throw new AuthenticationError(AuthMessages.expired, { code: 'token_expired' });
  }
  if (!token.unlimited_quota && token.remain_quota <= 0) {
    throw new AuthenticationError(exhaustedMessage(token.key), { code: 'token_exhausted' });
  }
}

/**
 * The token's owner: a missing (deleted) owner makes the token invalid (401 `无效的令牌`); a
 * user whose status is not enabled is banned (403 `用户已被封禁`, `user_banned`).
 */
export function checkUserActive(user: CredentialUser | undefined): asserts user is CredentialUser {
  if (!user) throw new AuthenticationError(MESSAGE_INVALID_TOKEN, { code: 'invalid_api_key' });
  if (user.status !== UserStatus.Enabled) {
    throw new PermissionDeniedError(AuthMessages.userBanned, { code: 'user_banned' });
  }
}

/**
 * The `sk-KEY-CHANNELID` suffix. Non-admins (role < 10) get 403 `普通用户不支持指定渠道`
 * (`channel_pin_forbidden`) whatever the suffix; for admins a non-numeric id is 400
 * `无效的渠道 Id` (`invalid_channel_id`). Returns the channel id, or undefined without a suffix.
 */
export function checkPinnedChannel(user: CredentialUser, pinnedChannel: string | undefined): number | undefined {
  if (pinnedChannel === undefined) return undefined;
  if (user.role < UserRole.Admin) {
    throw new PermissionDeniedError(AuthMessages.channelPinForbidden, { code: 'channel_pin_forbidden' });
  }
  if (!/^\d{1,9}$/.test(pinnedChannel)) {
    throw new ValidationError(AuthMessages.invalidChannelId, { code: 'invalid_channel_id' });
  }
  return Number(pinnedChannel);
}

/** A compiled `allow_ips`; `undefined` from {@link compileAllowList} means every address. */
export interface AllowList {
  /** True when `ip` (IPv4, IPv6 or IPv4-mapped IPv6) is listed or inside a listed range. */
  allows(ip: string): boolean;
}

/**
 * Compiles `allow_ips`: entries separated by newlines or commas, spaces ignored; each a single
 * IPv4/IPv6 address or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`). Invalid entries are skipped,
 * but a list that names anything is never "allow all": if no entry is valid, nothing is allowed
 * (the reference would silently open such a token to every address).
 */
export function compileAllowList(text: string): AllowList | undefined {
  const entries = text.split(/[\n,]/).map((entry) => entry.replace(/\s+/g, '')).filter((e) => e !== '');
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixText, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    if (prefix >= 0 && prefix <= (family === 4 ? 32 : 128)) list.addSubnet(address, prefix, type);
  }
  return {
    allows(ip: string): boolean {
      const family = isIP(ip);
      if (family === 0) return false;
      return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

const allowLists = new WeakMap<CredentialToken, AllowList | null>();
const modelLimits = new WeakMap<CredentialToken, ReadonlySet<string>>();

/** The token's compiled allow list, memoised per row object (rows are replaced, never mutated). */
function allowListOf(token: CredentialToken): AllowList | undefined {
  let list = allowLists.get(token);
  if (list === undefined) allowLists.set(token, (list = compileAllowList(token.allow_ips) ?? null));
  return list ?? undefined;
}

/** 403 `您的 IP 不在令牌允许访问的列表中` (`ip_not_allowed`) when the token restricts IPs and `ip` is not listed. */
export function checkClientIp(token: CredentialToken, ip: string): void {
  const list = allowListOf(token);
  if (list && !list.allows(ip)) {
    throw new PermissionDeniedError(AuthMessages.ipNotAllowed, { code: 'ip_not_allowed' });
  }
}

/**
 * The group the request bills and routes in: the token's group when set, else the user's. A token
 * group must be one the user may use (`mayUseGroup`: their own, or one of `usableGroups`, the
 * UserUsableGroups option's keys), else 403 `令牌分组 X 已被禁用` (`token_group_disabled`);
 * when `knownGroups` (GroupRatio's keys) is given it must also be one of them, else 403
 * `分组 X 已被弃用` (`group_deprecated`).
 */
export function resolveGroup(
  token: CredentialToken,
  user: CredentialUser,
  usableGroups: ReadonlySet<string>,
  knownGroups?: ReadonlySet<string>,
): string {
  const group = token.group.trim();
  if (group === '') return user.group;
  if (!mayUseGroup(usableGroups, user.group, group)) {
    throw new PermissionDeniedError(`令牌分组 ${group} 已被禁用`, { code: 'token_group_disabled' });
  }
  if (knownGroups && !knownGroups.has(group)) {
    throw new PermissionDeniedError(`分组 ${group} 已被弃用`, { code: 'group_deprecated' });
  }
  return group;
}

/** The models a token may call: `model_limits` split on commas, trimmed; memoised per row. */
export function modelLimitsOf(token: CredentialToken): ReadonlySet<string> {
  let set = modelLimits.get(token);
  if (!set) {
    set = new Set(token.model_limits.split(',').map((m) => m.trim()).filter((m) => m !== ''));
    modelLimits.set(token, set);
  }
  return set;
}

/**
 * 403 `该令牌无权访问模型 X` (`model_not_allowed`) when the token has model limits enabled and
 * `model` is not in them (an enabled but empty list allows nothing). `model` undefined (requests
 * that name no model, such as `GET /v1/models`) is not checked.
 */
export function checkModelAllowed(token: CredentialToken, model: string | undefined): void {
  if (model === undefined || !token.model_limits_enabled) return;
  if (!modelLimitsOf(token).has(model)) {
    throw new PermissionDeniedError(`该令牌无权访问模型 ${model}`, { code: 'model_not_allowed' });
  }
}
