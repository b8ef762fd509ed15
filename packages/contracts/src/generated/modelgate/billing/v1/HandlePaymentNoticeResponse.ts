// Original file: proto/modelgate/billing/v1/wallet_service.proto


/**
 * HandlePaymentNoticeResponse carries the verdict.
 */
export interface HandlePaymentNoticeResponse {
  /**
   * True when the notice is genuine and its order is paid: credited by this notice or by an
   * earlier delivery of it. The gateway is answered "success" then, "fail" otherwise.
   */
  'acknowledged'?: (boolean);
  /**
   * True when this delivery credited the order.
   */
  'credited'?: (boolean);
}

/**
 * HandlePaymentNoticeResponse carries the verdict.
 */
export interface HandlePaymentNoticeResponse__Output {
  /**
   * True when the notice is genuine and its order is paid: credited by this notice or by an
   * earlier delivery of it. The gateway is answered "success" then, "fail" otherwise.
   */
  'acknowledged': (boolean);
  /**
   * True when this delivery credited the order.
   */
  'credited': (boolean);
}
