// Original file: proto/modelgate/task/v1/task_service.proto

import type { DrawingTask as _modelgate_task_v1_DrawingTask, DrawingTask__Output as _modelgate_task_v1_DrawingTask__Output } from '../../../modelgate/task/v1/DrawingTask';
import type { TaskBilling as _modelgate_task_v1_TaskBilling, TaskBilling__Output as _modelgate_task_v1_TaskBilling__Output } from '../../../modelgate/task/v1/TaskBilling';

/**
 * RecordDrawingTaskRequest is a drawing task just accepted upstream.
 */
export interface RecordDrawingTaskRequest {
  /**
   * The task as first stored (id is ignored).
   */
  'task'?: (_modelgate_task_v1_DrawingTask | null);
  /**
   * Who paid for it.
   */
  'billing'?: (_modelgate_task_v1_TaskBilling | null);
}

/**
 * RecordDrawingTaskRequest is a drawing task just accepted upstream.
 */
export interface RecordDrawingTaskRequest__Output {
  /**
   * The task as first stored (id is ignored).
   */
  'task': (_modelgate_task_v1_DrawingTask__Output | null);
  /**
   * Who paid for it.
   */
  'billing': (_modelgate_task_v1_TaskBilling__Output | null);
}
