// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ReleaseQuotaResponse reports the refund.
 */
export interface ReleaseQuotaResponse {
  /**
   * True when this call refunded the reservation.
   */
  'released'?: (boolean);
  /**
   * Quota units refunded by this call.
   */
  'amount'?: (number | string | Long);
}

/**
 * ReleaseQuotaResponse reports the refund.
 */
export interface ReleaseQuotaResponse__Output {
  /**
   * True when this call refunded the reservation.
   */
  'released': (boolean);
  /**
   * Quota units refunded by this call.
   */
  'amount': (string);
}
