// Original file: proto/modelgate/task/v1/task_service.proto

import type { TaskCaller as _modelgate_task_v1_TaskCaller, TaskCaller__Output as _modelgate_task_v1_TaskCaller__Output } from '../../../modelgate/task/v1/TaskCaller';
import type { DrawingTaskFilter as _modelgate_task_v1_DrawingTaskFilter, DrawingTaskFilter__Output as _modelgate_task_v1_DrawingTaskFilter__Output } from '../../../modelgate/task/v1/DrawingTaskFilter';

/**
 * ListDrawingTasksRequest selects one page of drawing tasks.
 */
export interface ListDrawingTasksRequest {
  /**
   * Who asks.
   */
  'caller'?: (_modelgate_task_v1_TaskCaller | null);
  /**
   * Which tasks.
   */
  'filter'?: (_modelgate_task_v1_DrawingTaskFilter | null);
  /**
   * 0-based page number.
   */
  'page'?: (number);
  /**
   * Tasks per page, 1 to 100; 0 for the default of 10.
   */
  'page_size'?: (number);
}

/**
 * ListDrawingTasksRequest selects one page of drawing tasks.
 */
export interface ListDrawingTasksRequest__Output {
  /**
   * Who asks.
   */
  'caller': (_modelgate_task_v1_TaskCaller__Output | null);
  /**
   * Which tasks.
   */
  'filter': (_modelgate_task_v1_DrawingTaskFilter__Output | null);
  /**
   * 0-based page number.
   */
  'page': (number);
  /**
   * Tasks per page, 1 to 100; 0 for the default of 10.
   */
  'page_size': (number);
}
