// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { UserBalance as _modelgate_billing_v1_UserBalance, UserBalance__Output as _modelgate_billing_v1_UserBalance__Output } from '../../../modelgate/billing/v1/UserBalance';

/**
 * GetUserBalancesResponse carries one balance per known user, in no particular order.
 */
export interface GetUserBalancesResponse {
  'balances'?: (_modelgate_billing_v1_UserBalance)[];
}

/**
 * GetUserBalancesResponse carries one balance per known user, in no particular order.
 */
export interface GetUserBalancesResponse__Output {
  'balances': (_modelgate_billing_v1_UserBalance__Output)[];
}
