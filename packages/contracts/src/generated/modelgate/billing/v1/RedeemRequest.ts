// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * RedeemRequest names the user and the key.
 */
export interface RedeemRequest {
  /**
   * The user redeeming (always the signed-in caller).
   */
  'user_id'?: (number | string | Long);
  /**
   * The code's key, as typed (surrounding whitespace is ignored).
   */
  'key'?: (string);
}

/**
 * RedeemRequest names the user and the key.
 */
export interface RedeemRequest__Output {
  /**
   * The user redeeming (always the signed-in caller).
   */
  'user_id': (string);
  /**
   * The code's key, as typed (surrounding whitespace is ignored).
   */
  'key': (string);
}
