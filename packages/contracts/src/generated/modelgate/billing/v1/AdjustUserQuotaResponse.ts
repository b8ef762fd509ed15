// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * AdjustUserQuotaResponse carries the balance after the change.
 */
export interface AdjustUserQuotaResponse {
  /**
   * The user's balance after the change.
   */
  'quota'?: (number | string | Long);
}

/**
 * AdjustUserQuotaResponse carries the balance after the change.
 */
export interface AdjustUserQuotaResponse__Output {
  /**
   * The user's balance after the change.
   */
  'quota': (string);
}
