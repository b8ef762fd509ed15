// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { LogEntry as _modelgate_billing_v1_LogEntry, LogEntry__Output as _modelgate_billing_v1_LogEntry__Output } from '../../../modelgate/billing/v1/LogEntry';
import type { Long } from '@grpc/proto-loader';

/**
 * ListLogsResponse is one page of rows and the number matching in all.
 */
export interface ListLogsResponse {
  /**
   * The rows of the page, newest first.
   */
  'items'?: (_modelgate_billing_v1_LogEntry)[];
  /**
   * Rows matching the filters on every page.
   */
  'total'?: (number | string | Long);
  /**
   * The page returned (1-based).
   */
  'page'?: (number);
  /**
   * The page size used.
   */
  'page_size'?: (number);
}

/**
 * ListLogsResponse is one page of rows and the number matching in all.
 */
export interface ListLogsResponse__Output {
  /**
   * The rows of the page, newest first.
   */
  'items': (_modelgate_billing_v1_LogEntry__Output)[];
  /**
   * Rows matching the filters on every page.
   */
  'total': (string);
  /**
   * The page returned (1-based).
   */
  'page': (number);
  /**
   * The page size used.
   */
  'page_size': (number);
}
