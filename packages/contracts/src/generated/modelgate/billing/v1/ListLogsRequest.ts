// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { QueryCaller as _modelgate_billing_v1_QueryCaller, QueryCaller__Output as _modelgate_billing_v1_QueryCaller__Output } from '../../../modelgate/billing/v1/QueryCaller';
import type { LogFilter as _modelgate_billing_v1_LogFilter, LogFilter__Output as _modelgate_billing_v1_LogFilter__Output } from '../../../modelgate/billing/v1/LogFilter';

/**
 * ListLogsRequest selects one page of log rows.
 */
export interface ListLogsRequest {
  /**
   * Who asks.
   */
  'caller'?: (_modelgate_billing_v1_QueryCaller | null);
  /**
   * Which rows.
   */
  'filter'?: (_modelgate_billing_v1_LogFilter | null);
  /**
   * 1-based page number.
   */
  'page'?: (number);
  /**
   * Rows per page, 1 to 100.
   */
  'page_size'?: (number);
}

/**
 * ListLogsRequest selects one page of log rows.
 */
export interface ListLogsRequest__Output {
  /**
   * Who asks.
   */
  'caller': (_modelgate_billing_v1_QueryCaller__Output | null);
  /**
   * Which rows.
   */
  'filter': (_modelgate_billing_v1_LogFilter__Output | null);
  /**
   * 1-based page number.
   */
  'page': (number);
  /**
   * Rows per page, 1 to 100.
   */
  'page_size': (number);
}
