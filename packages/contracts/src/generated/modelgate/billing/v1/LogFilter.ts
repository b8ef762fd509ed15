// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * LogFilter selects log rows; an empty or zero field does not filter.
 */
export interface LogFilter {
  /**
   * Log type: 1 top-up, 2 consumption, 3 management, 4 system; 0 for every type.
   */
  'type'?: (number);
  /**
   * Exact username (admin requests only; ignored for `self`).
   */
  'username'?: (string);
  /**
   * Exact token name.
   */
  'token_name'?: (string);
  /**
   * Exact model name.
   */
  'model_name'?: (string);
  /**
   * Unix seconds: rows created at or after this instant.
   */
  'start_timestamp'?: (number | string | Long);
  /**
   * Unix seconds: rows created at or before this instant.
   */
  'end_timestamp'?: (number | string | Long);
  /**
   * Channel id (admin requests only; ignored for `self`).
   */
  'channel'?: (number | string | Long);
  /**
   * Exact group the request was billed to.
   */
  'group'?: (string);
}

/**
 * LogFilter selects log rows; an empty or zero field does not filter.
 */
export interface LogFilter__Output {
  /**
   * Log type: 1 top-up, 2 consumption, 3 management, 4 system; 0 for every type.
   */
  'type': (number);
  /**
   * Exact username (admin requests only; ignored for `self`).
   */
  'username': (string);
  /**
   * Exact token name.
   */
  'token_name': (string);
  /**
   * Exact model name.
   */
  'model_name': (string);
  /**
   * Unix seconds: rows created at or after this instant.
   */
  'start_timestamp': (string);
  /**
   * Unix seconds: rows created at or before this instant.
   */
  'end_timestamp': (string);
  /**
   * Channel id (admin requests only; ignored for `self`).
   */
  'channel': (string);
  /**
   * Exact group the request was billed to.
   */
  'group': (string);
}
