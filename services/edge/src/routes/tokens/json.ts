import type { Token__Output } from '@modelgate/contracts';
import type { TokenJson } from '@modelgate/contracts/api';

export type { TokenJson } from '@modelgate/contracts/api';

/** The JSON of a `Token` message (int64 fields arrive as decimal strings, ADR 0007). */
export function toTokenJson(token: Token__Output): TokenJson {
  return {
    id: Number(token.id),
    user_id: Number(token.user_id),
    key: token.key,
    status: token.status,
    name: token.name,
    created_time: Number(token.created_time),
    accessed_time: Number(token.accessed_time),
    expired_time: Number(token.expired_time),
    remain_quota: Number(token.remain_quota),
    unlimited_quota: token.unlimited_quota,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits,
    allow_ips: token.allow_ips,
    used_quota: Number(token.used_quota),
    group: token.group,
    rate_limit_rpm: token.rate_limit_rpm,
    rate_limit_tpm: token.rate_limit_tpm,
  };
}
