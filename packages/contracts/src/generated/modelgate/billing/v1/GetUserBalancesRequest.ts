// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetUserBalancesRequest names the users whose balances are read (at most 1000).
 */
export interface GetUserBalancesRequest {
  /**
   * The users' numeric ids.
   */
  'user_ids'?: (number | string | Long)[];
}

/**
 * GetUserBalancesRequest names the users whose balances are read (at most 1000).
 */
export interface GetUserBalancesRequest__Output {
  /**
   * The users' numeric ids.
   */
  'user_ids': (string)[];
}
