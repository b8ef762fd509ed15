import type { Token } from '@modelgate/contracts';
import type { TokenRecord } from './token-store';

/**
 * A token as its owner sees it, without its balance (billing's, composed by edge): the full key
 * (the console copies it) and the stored switch, from which edge works out the shown status.
 */
export function toTokenMessage(token: TokenRecord): Token {
  return {
    id: token.id,
    user_id: token.user_id,
    key: token.key,
    status: token.status,
    name: token.name,
    created_time: token.created_time,
    accessed_time: token.accessed_time,
    expired_time: token.expired_time,
    unlimited_quota: token.unlimited_quota,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits,
    allow_ips: token.allow_ips,
    group: token.group,
    rate_limit_rpm: token.rate_limit_rpm,
    rate_limit_tpm: token.rate_limit_tpm,
  };
}
