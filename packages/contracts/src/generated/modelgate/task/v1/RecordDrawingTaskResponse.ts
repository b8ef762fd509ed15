// Original file: proto/modelgate/task/v1/task_service.proto

import type { DrawingTask as _modelgate_task_v1_DrawingTask, DrawingTask__Output as _modelgate_task_v1_DrawingTask__Output } from '../../../modelgate/task/v1/DrawingTask';

/**
 * RecordDrawingTaskResponse carries the stored row.
 */
export interface RecordDrawingTaskResponse {
  /**
   * The task, with its row id.
   */
  'task'?: (_modelgate_task_v1_DrawingTask | null);
}

/**
 * RecordDrawingTaskResponse carries the stored row.
 */
export interface RecordDrawingTaskResponse__Output {
  /**
   * The task, with its row id.
   */
  'task': (_modelgate_task_v1_DrawingTask__Output | null);
}
