// Original file: proto/modelgate/task/v1/task_service.proto

import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from '../../../modelgate/task/v1/Task';

/**
 * FindTasksResponse carries the tasks found.
 */
export interface FindTasksResponse {
  /**
   * The tasks found.
   */
  'items'?: (_modelgate_task_v1_Task)[];
}

/**
 * FindTasksResponse carries the tasks found.
 */
export interface FindTasksResponse__Output {
  /**
   * The tasks found.
   */
  'items': (_modelgate_task_v1_Task__Output)[];
}
