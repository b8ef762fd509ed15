// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DeleteLogsBeforeResponse reports the clean-up.
 */
export interface DeleteLogsBeforeResponse {
  /**
   * Number of log rows deleted.
   */
  'deleted'?: (number | string | Long);
}

/**
 * DeleteLogsBeforeResponse reports the clean-up.
 */
export interface DeleteLogsBeforeResponse__Output {
  /**
   * Number of log rows deleted.
   */
  'deleted': (string);
}
