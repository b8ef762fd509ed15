// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * Token is a token as its owner sees it in the console.
 */
export interface Token {
  /**
   * Numeric id.
   */
  'id'?: (number | string | Long);
  /**
   * The owner.
   */
  'user_id'?: (number | string | Long);
  /**
   * The secret: 48 letters and digits, without the `sk-` prefix clients put in front of it.
   */
  'key'?: (string);
  /**
   * The stored switch: 1 enabled, 2 disabled (3 expired and 4 exhausted only as an older writer
   * left them). Whoever shows the token works out the status the owner sees from it, the expiry
   * and billing's balance (`@modelgate/access` `shownTokenStatus`).
   */
  'status'?: (number);
  /**
   * Name chosen by the owner.
   */
  'name'?: (string);
  /**
   * Unix seconds of creation.
   */
  'created_time'?: (number | string | Long);
  /**
   * Unix seconds of the last quota change by use; 0 when never.
   */
  'accessed_time'?: (number | string | Long);
  /**
   * Unix seconds after which the token no longer works; -1 never expires.
   */
  'expired_time'?: (number | string | Long);
  /**
   * True when only the owner's balance limits the token.
   */
  'unlimited_quota'?: (boolean);
  /**
   * True when the token may call only the models of `model_limits`.
   */
  'model_limits_enabled'?: (boolean);
  /**
   * Comma-separated model names.
   */
  'model_limits'?: (string);
  /**
   * Allowed client addresses or CIDR ranges, one per line; empty allows every address.
   */
  'allow_ips'?: (string);
  /**
   * The group the token bills in; empty for the owner's own group.
   */
  'group'?: (string);
  /**
   * Requests per minute the token may make (every relay replica together); 0 for no limit.
   */
  'rate_limit_rpm'?: (number);
  /**
   * Tokens (prompt + completion) per minute the token may use; 0 for no limit.
   */
  'rate_limit_tpm'?: (number);
}

/**
 * Token is a token as its owner sees it in the console.
 */
export interface Token__Output {
  /**
   * Numeric id.
   */
  'id': (string);
  /**
   * The owner.
   */
  'user_id': (string);
  /**
   * The secret: 48 letters and digits, without the `sk-` prefix clients put in front of it.
   */
  'key': (string);
  /**
   * The stored switch: 1 enabled, 2 disabled (3 expired and 4 exhausted only as an older writer
   * left them). Whoever shows the token works out the status the owner sees from it, the expiry
   * and billing's balance (`@modelgate/access` `shownTokenStatus`).
   */
  'status': (number);
  /**
   * Name chosen by the owner.
   */
  'name': (string);
  /**
   * Unix seconds of creation.
   */
  'created_time': (string);
  /**
   * Unix seconds of the last quota change by use; 0 when never.
   */
  'accessed_time': (string);
  /**
   * Unix seconds after which the token no longer works; -1 never expires.
   */
  'expired_time': (string);
  /**
   * True when only the owner's balance limits the token.
   */
  'unlimited_quota': (boolean);
  /**
   * True when the token may call only the models of `model_limits`.
   */
  'model_limits_enabled': (boolean);
  /**
   * Comma-separated model names.
   */
  'model_limits': (string);
  /**
   * Allowed client addresses or CIDR ranges, one per line; empty allows every address.
   */
  'allow_ips': (string);
  /**
   * The group the token bills in; empty for the owner's own group.
   */
  'group': (string);
  /**
   * Requests per minute the token may make (every relay replica together); 0 for no limit.
   */
  'rate_limit_rpm': (number);
  /**
   * Tokens (prompt + completion) per minute the token may use; 0 for no limit.
   */
  'rate_limit_tpm': (number);
}
