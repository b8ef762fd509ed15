// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { QueryCaller as _modelgate_billing_v1_QueryCaller, QueryCaller__Output as _modelgate_billing_v1_QueryCaller__Output } from '../../../modelgate/billing/v1/QueryCaller';
import type { LogFilter as _modelgate_billing_v1_LogFilter, LogFilter__Output as _modelgate_billing_v1_LogFilter__Output } from '../../../modelgate/billing/v1/LogFilter';

/**
 * LogStatsRequest selects the rows the statistics are computed over.
 */
export interface LogStatsRequest {
  /**
   * Who asks.
   */
  'caller'?: (_modelgate_billing_v1_QueryCaller | null);
  /**
   * Which rows; `type` is ignored (statistics are about consumption rows).
   */
  'filter'?: (_modelgate_billing_v1_LogFilter | null);
}

/**
 * LogStatsRequest selects the rows the statistics are computed over.
 */
export interface LogStatsRequest__Output {
  /**
   * Who asks.
   */
  'caller': (_modelgate_billing_v1_QueryCaller__Output | null);
  /**
   * Which rows; `type` is ignored (statistics are about consumption rows).
   */
  'filter': (_modelgate_billing_v1_LogFilter__Output | null);
}
