// Original file: proto/modelgate/billing/v1/wallet_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * CreateTopUpOrderRequest describes the order.
 */
export interface CreateTopUpOrderRequest {
  /**
   * The user topping up (the signed-in caller).
   */
  'user_id'?: (number | string | Long);
  /**
   * The amount asked for, as in QuoteTopUpRequest.
   */
  'amount'?: (number | string | Long);
  /**
   * zfb (Alipay) or wx (WeChat Pay).
   */
  'payment_method'?: (string);
}

/**
 * CreateTopUpOrderRequest describes the order.
 */
export interface CreateTopUpOrderRequest__Output {
  /**
   * The user topping up (the signed-in caller).
   */
  'user_id': (string);
  /**
   * The amount asked for, as in QuoteTopUpRequest.
   */
  'amount': (string);
  /**
   * zfb (Alipay) or wx (WeChat Pay).
   */
  'payment_method': (string);
}
