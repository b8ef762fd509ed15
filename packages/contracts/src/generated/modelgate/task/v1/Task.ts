// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * Task is one asynchronous music or lyrics task.
 */
export interface Task {
  /**
   * Numeric row id.
   */
  'id'?: (number | string | Long);
  /**
   * The upstream provider's task id.
   */
  'task_id'?: (string);
  /**
   * The provider platform, e.g. "suno".
   */
  'platform'?: (string);
  /**
   * The user who submitted the task.
   */
  'user_id'?: (number | string | Long);
  /**
   * The channel the task was submitted through; 0 in `self` list answers.
   */
  'channel_id'?: (number | string | Long);
  /**
   * The task type: "MUSIC" or "LYRICS".
   */
  'action'?: (string);
  /**
   * The task status text: NOT_START, SUBMITTED, QUEUED, IN_PROGRESS, FAILURE, SUCCESS, UNKNOWN, or
   * empty while submitting. Kept as text because upstream platforms add values.
   */
  'status'?: (string);
  /**
   * Progress as reported upstream, e.g. "40%".
   */
  'progress'?: (string);
  /**
   * Why the task failed; empty unless status is FAILURE.
   */
  'fail_reason'?: (string);
  /**
   * When the task was submitted, Unix seconds.
   */
  'submit_time'?: (number | string | Long);
  /**
   * When the task finished, Unix seconds; 0 while unfinished.
   */
  'finish_time'?: (number | string | Long);
  /**
   * Quota charged for the task (refunded when it fails).
   */
  'quota'?: (number | string | Long);
  /**
   * When the upstream started the task, Unix seconds; 0 until it did.
   */
  'start_time'?: (number | string | Long);
  /**
   * When the row was created, Unix seconds.
   */
  'created_at'?: (number | string | Long);
  /**
   * When the row last changed, Unix seconds.
   */
  'updated_at'?: (number | string | Long);
  /**
   * The submitted input (`{"input": ...}`) as JSON text; empty when none was stored.
   */
  'properties_json'?: (string);
  /**
   * The latest raw upstream payload as JSON text; empty when none was stored.
   */
  'data_json'?: (string);
}

/**
 * Task is one asynchronous music or lyrics task.
 */
export interface Task__Output {
  /**
   * Numeric row id.
   */
  'id': (string);
  /**
   * The upstream provider's task id.
   */
  'task_id': (string);
  /**
   * The provider platform, e.g. "suno".
   */
  'platform': (string);
  /**
   * The user who submitted the task.
   */
  'user_id': (string);
  /**
   * The channel the task was submitted through; 0 in `self` list answers.
   */
  'channel_id': (string);
  /**
   * The task type: "MUSIC" or "LYRICS".
   */
  'action': (string);
  /**
   * The task status text: NOT_START, SUBMITTED, QUEUED, IN_PROGRESS, FAILURE, SUCCESS, UNKNOWN, or
   * empty while submitting. Kept as text because upstream platforms add values.
   */
  'status': (string);
  /**
   * Progress as reported upstream, e.g. "40%".
   */
  'progress': (string);
  /**
   * Why the task failed; empty unless status is FAILURE.
   */
  'fail_reason': (string);
  /**
   * When the task was submitted, Unix seconds.
   */
  'submit_time': (string);
  /**
   * When the task finished, Unix seconds; 0 while unfinished.
   */
  'finish_time': (string);
  /**
   * Quota charged for the task (refunded when it fails).
   */
  'quota': (string);
  /**
   * When the upstream started the task, Unix seconds; 0 until it did.
   */
  'start_time': (string);
  /**
   * When the row was created, Unix seconds.
   */
  'created_at': (string);
  /**
   * When the row last changed, Unix seconds.
   */
  'updated_at': (string);
  /**
   * The submitted input (`{"input": ...}`) as JSON text; empty when none was stored.
   */
  'properties_json': (string);
  /**
   * The latest raw upstream payload as JSON text; empty when none was stored.
   */
  'data_json': (string);
}
