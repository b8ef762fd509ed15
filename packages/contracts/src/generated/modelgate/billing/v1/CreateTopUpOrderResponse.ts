// Original file: proto/modelgate/billing/v1/wallet_service.proto


/**
 * CreateTopUpOrderResponse carries the gateway form.
 */
export interface CreateTopUpOrderResponse {
  /**
   * The gateway's submit URL: PayAddress + "/submit.php".
   */
  'url'?: (string);
  /**
   * The form fields to post there, signature included (pid, type, out_trade_no, notify_url,
   * return_url, name, money, device, sign_type, sign).
   */
  'params'?: ({[key: string]: string});
  /**
   * The order's trade number (out_trade_no).
   */
  'trade_no'?: (string);
}

/**
 * CreateTopUpOrderResponse carries the gateway form.
 */
export interface CreateTopUpOrderResponse__Output {
  /**
   * The gateway's submit URL: PayAddress + "/submit.php".
   */
  'url': (string);
  /**
   * The form fields to post there, signature included (pid, type, out_trade_no, notify_url,
   * return_url, name, money, device, sign_type, sign).
   */
  'params': ({[key: string]: string});
  /**
   * The order's trade number (out_trade_no).
   */
  'trade_no': (string);
}
