// Original file: proto/modelgate/task/v1/task_service.proto

import type { DrawingTask as _modelgate_task_v1_DrawingTask, DrawingTask__Output as _modelgate_task_v1_DrawingTask__Output } from '../../../modelgate/task/v1/DrawingTask';

/**
 * ListDrawingTasksResponse is one page of drawing tasks.
 */
export interface ListDrawingTasksResponse {
  /**
   * The tasks of the page, newest first; fewer than the page size on the last page.
   */
  'items'?: (_modelgate_task_v1_DrawingTask)[];
}

/**
 * ListDrawingTasksResponse is one page of drawing tasks.
 */
export interface ListDrawingTasksResponse__Output {
  /**
   * The tasks of the page, newest first; fewer than the page size on the last page.
   */
  'items': (_modelgate_task_v1_DrawingTask__Output)[];
}
