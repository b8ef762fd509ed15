// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UpdateTokenRequest edits one token; absent fields stay as they are (rules as in CreateTokens).
 */
export interface UpdateTokenRequest {
  /**
   * The signed-in user.
   */
  'user_id'?: (number | string | Long);
  /**
   * The token edited.
   */
  'token_id'?: (number | string | Long);
  /**
   * New name (1 to 30 characters when changed).
   */
  'name'?: (string);
  /**
   * New expiry: unix seconds or -1.
   */
  'expired_time'?: (number | string | Long);
  /**
   * New budget in quota units, set by billing (quota held by requests in flight is kept out of
   * it); the figure billing holds sent back unchanged sets nothing.
   */
  'remain_quota'?: (number | string | Long);
  /**
   * True for a token limited by the owner's balance only.
   */
  'unlimited_quota'?: (boolean);
  /**
   * True to allow only the models of `model_limits`.
   */
  'model_limits_enabled'?: (boolean);
  /**
   * New comma-separated model list.
   */
  'model_limits'?: (string);
  /**
   * New address list, one address or CIDR range per line.
   */
  'allow_ips'?: (string);
  /**
   * New group: empty for the owner's group, else one the owner may use.
   */
  'group'?: (string);
  /**
   * 1 to enable, 2 to disable; 3 and 4 (a status shown, sent back unchanged) keep the switch.
   */
  'status'?: (number);
  /**
   * New requests per minute (0 for no limit).
   */
  'rate_limit_rpm'?: (number);
  /**
   * New tokens per minute (0 for no limit).
   */
  'rate_limit_tpm'?: (number);
  '_name'?: "name";
  '_expired_time'?: "expired_time";
  '_remain_quota'?: "remain_quota";
  '_unlimited_quota'?: "unlimited_quota";
  '_model_limits_enabled'?: "model_limits_enabled";
  '_model_limits'?: "model_limits";
  '_allow_ips'?: "allow_ips";
  '_group'?: "group";
  '_status'?: "status";
  '_rate_limit_rpm'?: "rate_limit_rpm";
  '_rate_limit_tpm'?: "rate_limit_tpm";
}

/**
 * UpdateTokenRequest edits one token; absent fields stay as they are (rules as in CreateTokens).
 */
export interface UpdateTokenRequest__Output {
  /**
   * The signed-in user.
   */
  'user_id': (string);
  /**
   * The token edited.
   */
  'token_id': (string);
  /**
   * New name (1 to 30 characters when changed).
   */
  'name'?: (string);
  /**
   * New expiry: unix seconds or -1.
   */
  'expired_time'?: (string);
  /**
   * New budget in quota units, set by billing (quota held by requests in flight is kept out of
   * it); the figure billing holds sent back unchanged sets nothing.
   */
  'remain_quota'?: (string);
  /**
   * True for a token limited by the owner's balance only.
   */
  'unlimited_quota'?: (boolean);
  /**
   * True to allow only the models of `model_limits`.
   */
  'model_limits_enabled'?: (boolean);
  /**
   * New comma-separated model list.
   */
  'model_limits'?: (string);
  /**
   * New address list, one address or CIDR range per line.
   */
  'allow_ips'?: (string);
  /**
   * New group: empty for the owner's group, else one the owner may use.
   */
  'group'?: (string);
  /**
   * 1 to enable, 2 to disable; 3 and 4 (a status shown, sent back unchanged) keep the switch.
   */
  'status'?: (number);
  /**
   * New requests per minute (0 for no limit).
   */
  'rate_limit_rpm'?: (number);
  /**
   * New tokens per minute (0 for no limit).
   */
  'rate_limit_tpm'?: (number);
  '_name'?: "name";
  '_expired_time'?: "expired_time";
  '_remain_quota'?: "remain_quota";
  '_unlimited_quota'?: "unlimited_quota";
  '_model_limits_enabled'?: "model_limits_enabled";
  '_model_limits'?: "model_limits";
  '_allow_ips'?: "allow_ips";
  '_group'?: "group";
  '_status'?: "status";
  '_rate_limit_rpm'?: "rate_limit_rpm";
  '_rate_limit_tpm'?: "rate_limit_tpm";
}
