// Original file: proto/modelgate/billing/v1/wallet_service.proto


/**
 * HandlePaymentNoticeRequest carries a notice as the gateway sent it.
 */
export interface HandlePaymentNoticeRequest {
  /**
   * Every parameter of the notice (pid, trade_no, out_trade_no, type, name, money,
   * trade_status, sign, sign_type, …), each with its first value.
   */
  'params'?: ({[key: string]: string});
}

/**
 * HandlePaymentNoticeRequest carries a notice as the gateway sent it.
 */
export interface HandlePaymentNoticeRequest__Output {
  /**
   * Every parameter of the notice (pid, trade_no, out_trade_no, type, name, money,
   * trade_status, sign, sign_type, …), each with its first value.
   */
  'params': ({[key: string]: string});
}
