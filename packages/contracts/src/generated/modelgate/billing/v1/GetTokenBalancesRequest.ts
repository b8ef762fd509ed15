// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetTokenBalancesRequest names the tokens whose balances are read (at most 1000).
 */
export interface GetTokenBalancesRequest {
  /**
   * The tokens' numeric ids.
   */
  'token_ids'?: (number | string | Long)[];
}

/**
 * GetTokenBalancesRequest names the tokens whose balances are read (at most 1000).
 */
export interface GetTokenBalancesRequest__Output {
  /**
   * The tokens' numeric ids.
   */
  'token_ids': (string)[];
}
