// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DrawingTaskFilter selects drawing tasks; an empty or zero field does not filter.
 */
export interface DrawingTaskFilter {
  /**
   * Channel id (admin requests only; ignored for `self`).
   */
  'channel_id'?: (number | string | Long);
  /**
   * Exact upstream task id.
   */
  'mj_id'?: (string);
  /**
   * Tasks submitted at or after this instant, Unix seconds. A value of 10^11 or more (beyond
   * the year 5000 in seconds) is read as Unix milliseconds, which is what consoles written for
   * the reference implementation send for drawing tasks.
   */
  'start_timestamp'?: (number | string | Long);
  /**
   * Tasks submitted at or before this instant; seconds or milliseconds as `start_timestamp`.
   */
  'end_timestamp'?: (number | string | Long);
}

/**
 * DrawingTaskFilter selects drawing tasks; an empty or zero field does not filter.
 */
export interface DrawingTaskFilter__Output {
  /**
   * Channel id (admin requests only; ignored for `self`).
   */
  'channel_id': (string);
  /**
   * Exact upstream task id.
   */
  'mj_id': (string);
  /**
   * Tasks submitted at or after this instant, Unix seconds. A value of 10^11 or more (beyond
   * the year 5000 in seconds) is read as Unix milliseconds, which is what consoles written for
   * the reference implementation send for drawing tasks.
   */
  'start_timestamp': (string);
  /**
   * Tasks submitted at or before this instant; seconds or milliseconds as `start_timestamp`.
   */
  'end_timestamp': (string);
}
