// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetUserQuotaResponse carries the balance counters, all in quota units.
 */
export interface GetUserQuotaResponse {
  /**
   * Remaining quota the user may spend.
   */
  'quota'?: (number | string | Long);
  /**
   * Quota spent so far.
   */
  'used_quota'?: (number | string | Long);
  /**
   * Number of relayed requests billed to the user.
   */
  'request_count'?: (number | string | Long);
}

/**
 * GetUserQuotaResponse carries the balance counters, all in quota units.
 */
export interface GetUserQuotaResponse__Output {
  /**
   * Remaining quota the user may spend.
   */
  'quota': (string);
  /**
   * Quota spent so far.
   */
  'used_quota': (string);
  /**
   * Number of relayed requests billed to the user.
   */
  'request_count': (string);
}
