// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TransferAffQuotaResponse carries the balances after the move.
 */
export interface TransferAffQuotaResponse {
  /**
   * The balance after the move.
   */
  'quota'?: (number | string | Long);
  /**
   * Rewards left after the move.
   */
  'aff_quota'?: (number | string | Long);
}

/**
 * TransferAffQuotaResponse carries the balances after the move.
 */
export interface TransferAffQuotaResponse__Output {
  /**
   * The balance after the move.
   */
  'quota': (string);
  /**
   * Rewards left after the move.
   */
  'aff_quota': (string);
}
