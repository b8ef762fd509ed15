// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TokenBalance is one token's money columns, in quota units.
 */
export interface TokenBalance {
  /**
   * The token's numeric id.
   */
  'token_id'?: (number | string | Long);
  /**
   * Quota units the token may still spend (ignored when unlimited); open reservations are
   * already taken out of it.
   */
  'remain_quota'?: (number | string | Long);
  /**
   * Quota units spent through the token.
   */
  'used_quota'?: (number | string | Long);
}

/**
 * TokenBalance is one token's money columns, in quota units.
 */
export interface TokenBalance__Output {
  /**
   * The token's numeric id.
   */
  'token_id': (string);
  /**
   * Quota units the token may still spend (ignored when unlimited); open reservations are
   * already taken out of it.
   */
  'remain_quota': (string);
  /**
   * Quota units spent through the token.
   */
  'used_quota': (string);
}
