// Original file: proto/modelgate/task/v1/task_service.proto

import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from '../../../modelgate/task/v1/Task';
import type { TaskBilling as _modelgate_task_v1_TaskBilling, TaskBilling__Output as _modelgate_task_v1_TaskBilling__Output } from '../../../modelgate/task/v1/TaskBilling';

/**
 * RecordTaskRequest is a music or lyrics task just accepted upstream.
 */
export interface RecordTaskRequest {
  /**
   * The task as first stored (id is ignored).
   */
  'task'?: (_modelgate_task_v1_Task | null);
  /**
   * Who paid for it.
   */
  'billing'?: (_modelgate_task_v1_TaskBilling | null);
}

/**
 * RecordTaskRequest is a music or lyrics task just accepted upstream.
 */
export interface RecordTaskRequest__Output {
  /**
   * The task as first stored (id is ignored).
   */
  'task': (_modelgate_task_v1_Task__Output | null);
  /**
   * Who paid for it.
   */
  'billing': (_modelgate_task_v1_TaskBilling__Output | null);
}
