// Original file: proto/modelgate/task/v1/task_service.proto

import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from '../../../modelgate/task/v1/Task';

/**
 * ListTasksResponse is one page of music and lyrics tasks.
 */
export interface ListTasksResponse {
  /**
   * The tasks of the page, newest first; fewer than the page size on the last page.
   */
  'items'?: (_modelgate_task_v1_Task)[];
}

/**
 * ListTasksResponse is one page of music and lyrics tasks.
 */
export interface ListTasksResponse__Output {
  /**
   * The tasks of the page, newest first; fewer than the page size on the last page.
   */
  'items': (_modelgate_task_v1_Task__Output)[];
}
