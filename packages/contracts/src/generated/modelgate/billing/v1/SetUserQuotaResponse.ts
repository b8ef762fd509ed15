// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SetUserQuotaResponse carries the balance before and after.
 */
export interface SetUserQuotaResponse {
  /**
   * The balance the change replaced, read under the row lock.
   */
  'previous_quota'?: (number | string | Long);
  /**
   * The balance now.
   */
  'quota'?: (number | string | Long);
}

/**
 * SetUserQuotaResponse carries the balance before and after.
 */
export interface SetUserQuotaResponse__Output {
  /**
   * The balance the change replaced, read under the row lock.
   */
  'previous_quota': (string);
  /**
   * The balance now.
   */
  'quota': (string);
}
