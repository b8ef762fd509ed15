// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { TokenBalance as _modelgate_billing_v1_TokenBalance, TokenBalance__Output as _modelgate_billing_v1_TokenBalance__Output } from '../../../modelgate/billing/v1/TokenBalance';

/**
 * GetTokenBalancesResponse carries one balance per known live token, in no particular order.
 */
export interface GetTokenBalancesResponse {
  'balances'?: (_modelgate_billing_v1_TokenBalance)[];
}

/**
 * GetTokenBalancesResponse carries one balance per known live token, in no particular order.
 */
export interface GetTokenBalancesResponse__Output {
  'balances': (_modelgate_billing_v1_TokenBalance__Output)[];
}
