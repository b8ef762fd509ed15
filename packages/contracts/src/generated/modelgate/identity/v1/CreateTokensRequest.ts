// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * CreateTokensRequest describes the new tokens.
 */
export interface CreateTokensRequest {
  /**
   * The signed-in user, who will own the tokens.
   */
  'user_id'?: (number | string | Long);
  /**
   * Name: 1 to 30 characters, no control characters.
   */
  'name'?: (string);
  /**
   * How many tokens to create, 1 to 100; 0 means 1.
   */
  'count'?: (number);
  /**
   * Unix seconds after which the tokens stop working, or -1 for never.
   */
  'expired_time'?: (number | string | Long);
  /**
   * Budget in quota units, 0 or more; billing sets it once the tokens exist.
   */
  'remain_quota'?: (number | string | Long);
  /**
   * True to limit the tokens by the owner's balance only.
   */
  'unlimited_quota'?: (boolean);
  /**
   * True to allow only the models of `model_limits`.
   */
  'model_limits_enabled'?: (boolean);
  /**
   * Comma-separated model names (whitespace around names and empty entries are dropped).
   */
  'model_limits'?: (string);
  /**
   * Allowed addresses: one IPv4/IPv6 address or CIDR range per line; empty for any.
   */
  'allow_ips'?: (string);
  /**
   * Empty for the owner's group, else one of the groups the owner may use.
   */
  'group'?: (string);
  /**
   * Requests per minute, 0 (no limit) to 1 000 000.
   */
  'rate_limit_rpm'?: (number);
  /**
   * Tokens per minute, 0 (no limit) to 1 000 000 000.
   */
  'rate_limit_tpm'?: (number);
}

/**
 * CreateTokensRequest describes the new tokens.
 */
export interface CreateTokensRequest__Output {
  /**
   * The signed-in user, who will own the tokens.
   */
  'user_id': (string);
  /**
   * Name: 1 to 30 characters, no control characters.
   */
  'name': (string);
  /**
   * How many tokens to create, 1 to 100; 0 means 1.
   */
  'count': (number);
  /**
   * Unix seconds after which the tokens stop working, or -1 for never.
   */
  'expired_time': (string);
  /**
   * Budget in quota units, 0 or more; billing sets it once the tokens exist.
   */
  'remain_quota': (string);
  /**
   * True to limit the tokens by the owner's balance only.
   */
  'unlimited_quota': (boolean);
  /**
   * True to allow only the models of `model_limits`.
   */
  'model_limits_enabled': (boolean);
  /**
   * Comma-separated model names (whitespace around names and empty entries are dropped).
   */
  'model_limits': (string);
  /**
   * Allowed addresses: one IPv4/IPv6 address or CIDR range per line; empty for any.
   */
  'allow_ips': (string);
  /**
   * Empty for the owner's group, else one of the groups the owner may use.
   */
  'group': (string);
  /**
   * Requests per minute, 0 (no limit) to 1 000 000.
   */
  'rate_limit_rpm': (number);
  /**
   * Tokens per minute, 0 (no limit) to 1 000 000 000.
   */
  'rate_limit_tpm': (number);
}
