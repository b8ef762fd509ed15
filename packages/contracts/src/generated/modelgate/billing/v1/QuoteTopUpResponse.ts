// Original file: proto/modelgate/billing/v1/wallet_service.proto


/**
 * QuoteTopUpResponse carries the price.
 */
export interface QuoteTopUpResponse {
  /**
   * Money to pay, with two decimals (e.g. "7.30").
   */
  'money'?: (string);
}

/**
 * QuoteTopUpResponse carries the price.
 */
export interface QuoteTopUpResponse__Output {
  /**
   * Money to pay, with two decimals (e.g. "7.30").
   */
  'money': (string);
}
