// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * FindDrawingTasksRequest names drawing tasks by upstream id.
 */
export interface FindDrawingTasksRequest {
  /**
   * Upstream task ids, at most 100.
   */
  'mj_ids'?: (string)[];
  /**
   * Only this user's tasks; 0 for anyone's.
   */
  'user_id'?: (number | string | Long);
}

/**
 * FindDrawingTasksRequest names drawing tasks by upstream id.
 */
export interface FindDrawingTasksRequest__Output {
  /**
   * Upstream task ids, at most 100.
   */
  'mj_ids': (string)[];
  /**
   * Only this user's tasks; 0 for anyone's.
   */
  'user_id': (string);
}
