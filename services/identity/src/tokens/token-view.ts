import type { Token } from '@modelgate/contracts';
import type { TokenEntity } from '@modelgate/db';
import { shownStatus } from './token-status';

/** A token row as its owner sees it: the full key (the console copies it) and the shown status. */
export function toTokenMessage(token: TokenEntity, nowSeconds: number): Token {
  return {
    id: token.id,
    user_id: token.user_id,
    key: token.key,
    status: shownStatus(token, nowSeconds),
    name: token.name,
    created_time: token.created_time,
    accessed_time: token.accessed_time,
    expired_time: token.expired_time,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits,
    allow_ips: token.allow_ips,
    used_quota: token.used_quota,
    group: token.group,
    rate_limit_rpm: token.rate_limit_rpm,
    rate_limit_tpm: token.rate_limit_tpm,
  };
}
