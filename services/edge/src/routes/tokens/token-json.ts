import type { Token__Output } from '@modelgate/contracts';

/** A token as `/api` shows it to its owner: the reference's fields, numbers as JSON numbers. */
export interface TokenJson {
  id: number;
  user_id: number;
  /** The 48-character secret without `sk-`; the console shows and copies it as `sk-<key>`. */
  key: string;
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  /** Unix seconds; -1 never expires. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  used_quota: number;
  group: string;
  /** Requests per minute the token may make; 0 for no limit. */
  rate_limit_rpm: number;
  /** Tokens per minute the token may use; 0 for no limit. */
  rate_limit_tpm: number;
}

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
