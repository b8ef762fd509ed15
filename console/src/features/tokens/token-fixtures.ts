import type { Token, TokenPage } from './tokens-api';

/** A token as the server lists it; fields overridable per test. */
export function aToken(fields: Partial<Token> = {}): Token {
  return {
    id: 1,
    user_id: 7,
    key: 'a'.repeat(48),
    status: 1,
    name: 'laptop',
    created_time: 1_700_000_000,
    accessed_time: 0,
    expired_time: -1,
    remain_quota: 500_000,
    used_quota: 250_000,
    unlimited_quota: false,
    model_limits_enabled: false,
    model_limits: '',
    allow_ips: '',
    rate_limit_rpm: 0,
    rate_limit_tpm: 0,
    group: '',
    ...fields,
  };
}

export function aPage(items: Token[]): TokenPage {
  return items;
}
