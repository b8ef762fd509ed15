// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * RedeemResponse reports the credit.
 */
export interface RedeemResponse {
  /**
   * Quota units added to the balance.
   */
  'quota'?: (number | string | Long);
}

/**
 * RedeemResponse reports the credit.
 */
export interface RedeemResponse__Output {
  /**
   * Quota units added to the balance.
   */
  'quota': (string);
}
