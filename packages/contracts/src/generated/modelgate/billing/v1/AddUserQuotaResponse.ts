// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * AddUserQuotaResponse carries the balance after the change.
 */
export interface AddUserQuotaResponse {
  /**
   * The user's balance after the change.
   */
  'quota'?: (number | string | Long);
}

/**
 * AddUserQuotaResponse carries the balance after the change.
 */
export interface AddUserQuotaResponse__Output {
  /**
   * The user's balance after the change.
   */
  'quota': (string);
}
