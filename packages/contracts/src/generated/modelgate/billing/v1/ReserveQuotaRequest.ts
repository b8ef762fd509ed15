// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ReserveQuotaRequest describes the reservation of one relayed request.
 */
export interface ReserveQuotaRequest {
  /**
   * The relayed request's id (x-request-id), at most 64 characters: the idempotency key.
   */
  'request_id'?: (string);
  /**
   * The user charged.
   */
  'user_id'?: (number | string | Long);
  /**
   * The token the request authenticates with; 0 for none (console playground).
   */
  'token_id'?: (number | string | Long);
  /**
   * Quota units to reserve (pre-consume estimate); may be 0.
   */
  'amount'?: (number | string | Long);
  /**
   * The token has unlimited quota: its remain_quota is neither checked nor reduced.
   */
  'token_unlimited'?: (boolean);
}

/**
 * ReserveQuotaRequest describes the reservation of one relayed request.
 */
export interface ReserveQuotaRequest__Output {
  /**
   * The relayed request's id (x-request-id), at most 64 characters: the idempotency key.
   */
  'request_id': (string);
  /**
   * The user charged.
   */
  'user_id': (string);
  /**
   * The token the request authenticates with; 0 for none (console playground).
   */
  'token_id': (string);
  /**
   * Quota units to reserve (pre-consume estimate); may be 0.
   */
  'amount': (string);
  /**
   * The token has unlimited quota: its remain_quota is neither checked nor reduced.
   */
  'token_unlimited': (boolean);
}
