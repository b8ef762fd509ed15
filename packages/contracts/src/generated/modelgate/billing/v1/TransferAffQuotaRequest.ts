// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TransferAffQuotaRequest names the user and the amount to move.
 */
export interface TransferAffQuotaRequest {
  /**
   * The user moving their own rewards.
   */
  'user_id'?: (number | string | Long);
  /**
   * Quota units to move into the balance.
   */
  'amount'?: (number | string | Long);
}

/**
 * TransferAffQuotaRequest names the user and the amount to move.
 */
export interface TransferAffQuotaRequest__Output {
  /**
   * The user moving their own rewards.
   */
  'user_id': (string);
  /**
   * Quota units to move into the balance.
   */
  'amount': (string);
}
