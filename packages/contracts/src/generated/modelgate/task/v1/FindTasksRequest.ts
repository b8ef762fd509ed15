// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * FindTasksRequest names music and lyrics tasks by upstream id.
 */
export interface FindTasksRequest {
  /**
   * Upstream task ids, at most 100.
   */
  'task_ids'?: (string)[];
  /**
   * Only this user's tasks; 0 for anyone's.
   */
  'user_id'?: (number | string | Long);
}

/**
 * FindTasksRequest names music and lyrics tasks by upstream id.
 */
export interface FindTasksRequest__Output {
  /**
   * Upstream task ids, at most 100.
   */
  'task_ids': (string)[];
  /**
   * Only this user's tasks; 0 for anyone's.
   */
  'user_id': (string);
}
