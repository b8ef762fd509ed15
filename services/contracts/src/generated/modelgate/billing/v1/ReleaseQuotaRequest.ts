// Original file: proto/modelgate/billing/v1/billing_service.proto


/**
 * ReleaseQuotaRequest names the failed request whose reservation is refunded.
 */
export interface ReleaseQuotaRequest {
  /**
   * The relayed request's id.
   */
  'request_id'?: (string);
}

/**
 * ReleaseQuotaRequest names the failed request whose reservation is refunded.
 */
export interface ReleaseQuotaRequest__Output {
  /**
   * The relayed request's id.
   */
  'request_id': (string);
}
