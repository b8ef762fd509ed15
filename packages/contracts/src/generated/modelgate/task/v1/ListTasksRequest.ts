// Original file: proto/modelgate/task/v1/task_service.proto

import type { TaskCaller as _modelgate_task_v1_TaskCaller, TaskCaller__Output as _modelgate_task_v1_TaskCaller__Output } from '../../../modelgate/task/v1/TaskCaller';
import type { TaskFilter as _modelgate_task_v1_TaskFilter, TaskFilter__Output as _modelgate_task_v1_TaskFilter__Output } from '../../../modelgate/task/v1/TaskFilter';

/**
 * ListTasksRequest selects one page of music and lyrics tasks.
 */
export interface ListTasksRequest {
  /**
   * Who asks.
   */
  'caller'?: (_modelgate_task_v1_TaskCaller | null);
  /**
   * Which tasks.
   */
  'filter'?: (_modelgate_task_v1_TaskFilter | null);
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
 * ListTasksRequest selects one page of music and lyrics tasks.
 */
export interface ListTasksRequest__Output {
  /**
   * Who asks.
   */
  'caller': (_modelgate_task_v1_TaskCaller__Output | null);
  /**
   * Which tasks.
   */
  'filter': (_modelgate_task_v1_TaskFilter__Output | null);
  /**
   * 0-based page number.
   */
  'page': (number);
  /**
   * Tasks per page, 1 to 100; 0 for the default of 10.
   */
  'page_size': (number);
}
