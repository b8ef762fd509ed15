// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { QueryCaller as _modelgate_billing_v1_QueryCaller, QueryCaller__Output as _modelgate_billing_v1_QueryCaller__Output } from '../../../modelgate/billing/v1/QueryCaller';
import type { Long } from '@grpc/proto-loader';

/**
 * ListQuotaDataRequest selects dashboard totals.
 */
export interface ListQuotaDataRequest {
  /**
   * Who asks.
   */
  'caller'?: (_modelgate_billing_v1_QueryCaller | null);
  /**
   * Exact username to restrict an admin request to one user; empty for every user. Ignored for `self`.
   */
  'username'?: (string);
  /**
   * Unix seconds: totals of hours starting at or after this instant.
   */
  'start_timestamp'?: (number | string | Long);
  /**
   * Unix seconds: totals of hours starting at or before this instant.
   */
  'end_timestamp'?: (number | string | Long);
  /**
   * Size of the buckets returned: `hour` (as stored), `day` or `week` (UTC, weeks from Monday).
   */
  'granularity'?: (string);
}

/**
 * ListQuotaDataRequest selects dashboard totals.
 */
export interface ListQuotaDataRequest__Output {
  /**
   * Who asks.
   */
  'caller': (_modelgate_billing_v1_QueryCaller__Output | null);
  /**
   * Exact username to restrict an admin request to one user; empty for every user. Ignored for `self`.
   */
  'username': (string);
  /**
   * Unix seconds: totals of hours starting at or after this instant.
   */
  'start_timestamp': (string);
  /**
   * Unix seconds: totals of hours starting at or before this instant.
   */
  'end_timestamp': (string);
  /**
   * Size of the buckets returned: `hour` (as stored), `day` or `week` (UTC, weeks from Monday).
   */
  'granularity': (string);
}
