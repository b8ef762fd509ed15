// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { PricingRow as _modelgate_billing_v1_PricingRow, PricingRow__Output as _modelgate_billing_v1_PricingRow__Output } from '../../../modelgate/billing/v1/PricingRow';

/**
 * GetPricingResponse carries the price list and the caller's groups.
 */
export interface GetPricingResponse {
  /**
   * One row per model, by name.
   */
  'rows'?: (_modelgate_billing_v1_PricingRow)[];
  /**
   * Ratio of every group the caller may use that GroupRatio prices.
   */
  'group_ratio'?: ({[key: string]: number | string});
  /**
   * Every group the caller may use, with its description.
   */
  'usable_group'?: ({[key: string]: string});
}

/**
 * GetPricingResponse carries the price list and the caller's groups.
 */
export interface GetPricingResponse__Output {
  /**
   * One row per model, by name.
   */
  'rows': (_modelgate_billing_v1_PricingRow__Output)[];
  /**
   * Ratio of every group the caller may use that GroupRatio prices.
   */
  'group_ratio': ({[key: string]: number});
  /**
   * Every group the caller may use, with its description.
   */
  'usable_group': ({[key: string]: string});
}
