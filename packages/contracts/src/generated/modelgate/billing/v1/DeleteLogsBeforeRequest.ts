// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DeleteLogsBeforeRequest names the cut-off of a log clean-up.
 */
export interface DeleteLogsBeforeRequest {
  /**
   * Unix seconds: rows with an earlier `created_at` are deleted.
   */
  'target_timestamp'?: (number | string | Long);
}

/**
 * DeleteLogsBeforeRequest names the cut-off of a log clean-up.
 */
export interface DeleteLogsBeforeRequest__Output {
  /**
   * Unix seconds: rows with an earlier `created_at` are deleted.
   */
  'target_timestamp': (string);
}
