// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { QuotaDataRow as _modelgate_billing_v1_QuotaDataRow, QuotaDataRow__Output as _modelgate_billing_v1_QuotaDataRow__Output } from '../../../modelgate/billing/v1/QuotaDataRow';

/**
 * ListQuotaDataResponse carries the totals, oldest bucket first.
 */
export interface ListQuotaDataResponse {
  /**
   * One row per model and bucket.
   */
  'rows'?: (_modelgate_billing_v1_QuotaDataRow)[];
}

/**
 * ListQuotaDataResponse carries the totals, oldest bucket first.
 */
export interface ListQuotaDataResponse__Output {
  /**
   * One row per model and bucket.
   */
  'rows': (_modelgate_billing_v1_QuotaDataRow__Output)[];
}
