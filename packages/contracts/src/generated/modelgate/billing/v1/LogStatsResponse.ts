// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * LogStatsResponse carries the usage statistics.
 */
export interface LogStatsResponse {
  /**
   * Quota units of the matching consumption rows.
   */
  'quota'?: (number | string | Long);
  /**
   * Matching consumption rows created in the last 60 seconds.
   */
  'rpm'?: (number | string | Long);
  /**
   * Prompt plus completion tokens of those rows.
   */
  'tpm'?: (number | string | Long);
}

/**
 * LogStatsResponse carries the usage statistics.
 */
export interface LogStatsResponse__Output {
  /**
   * Quota units of the matching consumption rows.
   */
  'quota': (string);
  /**
   * Matching consumption rows created in the last 60 seconds.
   */
  'rpm': (string);
  /**
   * Prompt plus completion tokens of those rows.
   */
  'tpm': (string);
}
