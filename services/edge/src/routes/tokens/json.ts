import { shownTokenStatus } from '@modelgate/access';
import type { TokenBalance__Output, Token__Output } from '@modelgate/contracts';
import type { TokenJson } from '@modelgate/contracts/api';

export type { TokenJson } from '@modelgate/contracts/api';

/**
 * The JSON of a token: identity's `Token` (its metadata and stored switch) with billing's
 * `TokenBalance` (int64 fields arrive as decimal strings, ADR 0007). The status is the one the
 * owner is shown, worked out from the switch, the expiry and the budget. The fields keep the
 * places they had when one row answered them all, so the JSON is the same, key for key.
 */
export function toTokenJson(token: Token__Output, balance: TokenBalance__Output, nowSeconds: number): TokenJson {
  const expired_time = Number(token.expired_time);
  const remain_quota = Number(balance.remain_quota);
  return {
    id: Number(token.id),
    user_id: Number(token.user_id),
    key: token.key,
    status: shownTokenStatus({ status: token.status, expired_time, unlimited_quota: token.unlimited_quota, remain_quota }, nowSeconds),
    name: token.name,
    created_time: Number(token.created_time),
    accessed_time: Number(token.accessed_time),
    expired_time,
    remain_quota,
    unlimited_quota: token.unlimited_quota,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits,
    allow_ips: token.allow_ips,
    used_quota: Number(balance.used_quota),
    group: token.group,
    rate_limit_rpm: token.rate_limit_rpm,
    rate_limit_tpm: token.rate_limit_tpm,
  };
}
