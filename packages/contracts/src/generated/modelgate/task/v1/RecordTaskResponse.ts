// Original file: proto/modelgate/task/v1/task_service.proto

import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from '../../../modelgate/task/v1/Task';

/**
 * RecordTaskResponse carries the stored row.
 */
export interface RecordTaskResponse {
  /**
   * The task, with its row id.
   */
  'task'?: (_modelgate_task_v1_Task | null);
}

/**
 * RecordTaskResponse carries the stored row.
 */
export interface RecordTaskResponse__Output {
  /**
   * The task, with its row id.
   */
  'task': (_modelgate_task_v1_Task__Output | null);
}
