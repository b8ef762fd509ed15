// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TaskFilter selects music and lyrics tasks; an empty or zero field does not filter.
 */
export interface TaskFilter {
  /**
   * Channel id (admin requests only; ignored for `self`).
   */
  'channel_id'?: (number | string | Long);
  /**
   * Exact upstream task id.
   */
  'task_id'?: (string);
  /**
   * Exact platform, e.g. "suno".
   */
  'platform'?: (string);
  /**
   * Exact status text, e.g. "SUCCESS".
   */
  'status'?: (string);
  /**
   * Exact task type, "MUSIC" or "LYRICS".
   */
  'action'?: (string);
  /**
   * Tasks submitted at or after this instant, Unix seconds.
   */
  'start_timestamp'?: (number | string | Long);
  /**
   * Tasks submitted at or before this instant, Unix seconds.
   */
  'end_timestamp'?: (number | string | Long);
}

/**
 * TaskFilter selects music and lyrics tasks; an empty or zero field does not filter.
 */
export interface TaskFilter__Output {
  /**
   * Channel id (admin requests only; ignored for `self`).
   */
  'channel_id': (string);
  /**
   * Exact upstream task id.
   */
  'task_id': (string);
  /**
   * Exact platform, e.g. "suno".
   */
  'platform': (string);
  /**
   * Exact status text, e.g. "SUCCESS".
   */
  'status': (string);
  /**
   * Exact task type, "MUSIC" or "LYRICS".
   */
  'action': (string);
  /**
   * Tasks submitted at or after this instant, Unix seconds.
   */
  'start_timestamp': (string);
  /**
   * Tasks submitted at or before this instant, Unix seconds.
   */
  'end_timestamp': (string);
}
