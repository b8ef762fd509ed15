// Original file: proto/modelgate/task/v1/task_service.proto

import type { DrawingTask as _modelgate_task_v1_DrawingTask, DrawingTask__Output as _modelgate_task_v1_DrawingTask__Output } from '../../../modelgate/task/v1/DrawingTask';

/**
 * FindDrawingTasksResponse carries the tasks found.
 */
export interface FindDrawingTasksResponse {
  /**
   * The tasks found.
   */
  'items'?: (_modelgate_task_v1_DrawingTask)[];
}

/**
 * FindDrawingTasksResponse carries the tasks found.
 */
export interface FindDrawingTasksResponse__Output {
  /**
   * The tasks found.
   */
  'items': (_modelgate_task_v1_DrawingTask__Output)[];
}
