// Original file: proto/modelgate/task/v1/task_service.proto

import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from '../../../modelgate/task/v1/Task';

/**
 * GetTaskResponse carries the task.
 */
export interface GetTaskResponse {
  /**
   * The task.
   */
  'task'?: (_modelgate_task_v1_Task | null);
}

/**
 * GetTaskResponse carries the task.
 */
export interface GetTaskResponse__Output {
  /**
   * The task.
   */
  'task': (_modelgate_task_v1_Task__Output | null);
}
