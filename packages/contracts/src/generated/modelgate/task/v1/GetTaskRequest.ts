// Original file: proto/modelgate/task/v1/task_service.proto


/**
 * GetTaskRequest names the task to read.
 */
export interface GetTaskRequest {
  /**
   * The upstream task id (not the numeric row id).
   */
  'task_id'?: (string);
}

/**
 * GetTaskRequest names the task to read.
 */
export interface GetTaskRequest__Output {
  /**
   * The upstream task id (not the numeric row id).
   */
  'task_id': (string);
}
