// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ReserveQuotaResponse reports the reservation held for the request.
 */
export interface ReserveQuotaResponse {
  /**
   * Quota units held for the request (those of the first call when `replayed`).
   */
  'amount'?: (number | string | Long);
  /**
   * The request id had been seen before: nothing was taken by this call.
   */
  'replayed'?: (boolean);
  /**
   * Where the request's reservation stands: reserved, released or settled.
   */
  'status'?: (string);
}

/**
 * ReserveQuotaResponse reports the reservation held for the request.
 */
export interface ReserveQuotaResponse__Output {
  /**
   * Quota units held for the request (those of the first call when `replayed`).
   */
  'amount': (string);
  /**
   * The request id had been seen before: nothing was taken by this call.
   */
  'replayed': (boolean);
  /**
   * Where the request's reservation stands: reserved, released or settled.
   */
  'status': (string);
}
