// Original file: proto/modelgate/billing/v1/wallet_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * QuoteTopUpRequest names the user and the amount.
 */
export interface QuoteTopUpRequest {
  /**
   * The user topping up (the signed-in caller).
   */
  'user_id'?: (number | string | Long);
  /**
   * The amount asked for: dollars, or quota units when DisplayInCurrencyEnabled is off.
   */
  'amount'?: (number | string | Long);
}

/**
 * QuoteTopUpRequest names the user and the amount.
 */
export interface QuoteTopUpRequest__Output {
  /**
   * The user topping up (the signed-in caller).
   */
  'user_id': (string);
  /**
   * The amount asked for: dollars, or quota units when DisplayInCurrencyEnabled is off.
   */
  'amount': (string);
}
