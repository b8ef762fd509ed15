// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ReleaseQuotaRequest names the failed request (or the quota lease) whose reservation is refunded.
 */
export interface ReleaseQuotaRequest {
  /**
   * The relayed request's id, or the lease's.
   */
  'request_id'?: (string);
  /**
   * When above 0, refund at most this much and keep the rest reserved: a lease gives back what it
   * never handed out, while the estimates of requests still to be settled stay in it for their
   * records to draw. 0 refunds everything left.
   */
  'amount'?: (number | string | Long);
}

/**
 * ReleaseQuotaRequest names the failed request (or the quota lease) whose reservation is refunded.
 */
export interface ReleaseQuotaRequest__Output {
  /**
   * The relayed request's id, or the lease's.
   */
  'request_id': (string);
  /**
   * When above 0, refund at most this much and keep the rest reserved: a lease gives back what it
   * never handed out, while the estimates of requests still to be settled stay in it for their
   * records to draw. 0 refunds everything left.
   */
  'amount': (string);
}
