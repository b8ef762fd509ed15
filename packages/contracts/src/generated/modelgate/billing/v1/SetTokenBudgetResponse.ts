// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { TokenBalance as _modelgate_billing_v1_TokenBalance, TokenBalance__Output as _modelgate_billing_v1_TokenBalance__Output } from '../../../modelgate/billing/v1/TokenBalance';
import type { Long } from '@grpc/proto-loader';

/**
 * SetTokenBudgetResponse carries the balances after the change, in the order of the request.
 */
export interface SetTokenBudgetResponse {
  'balances'?: (_modelgate_billing_v1_TokenBalance)[];
  /**
   * The tokens whose budget changed (and were announced); the others already had it.
   */
  'changed_token_ids'?: (number | string | Long)[];
}

/**
 * SetTokenBudgetResponse carries the balances after the change, in the order of the request.
 */
export interface SetTokenBudgetResponse__Output {
  'balances': (_modelgate_billing_v1_TokenBalance__Output)[];
  /**
   * The tokens whose budget changed (and were announced); the others already had it.
   */
  'changed_token_ids': (string)[];
}
