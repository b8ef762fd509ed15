// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SetTokenBudgetRequest names the tokens and the budget their owner chose.
 */
export interface SetTokenBudgetRequest {
  /**
   * The tokens' numeric ids, 1 to 100.
   */
  'token_ids'?: (number | string | Long)[];
  /**
   * The budget in quota units; not negative.
   */
  'remain_quota'?: (number | string | Long);
  /**
   * The reason the change is announced with: `created` for a new batch, `updated` (the default
   * when empty) for an edit.
   */
  'reason'?: (string);
}

/**
 * SetTokenBudgetRequest names the tokens and the budget their owner chose.
 */
export interface SetTokenBudgetRequest__Output {
  /**
   * The tokens' numeric ids, 1 to 100.
   */
  'token_ids': (string)[];
  /**
   * The budget in quota units; not negative.
   */
  'remain_quota': (string);
  /**
   * The reason the change is announced with: `created` for a new batch, `updated` (the default
   * when empty) for an edit.
   */
  'reason': (string);
}
