// Original file: proto/modelgate/task/v1/task_service.proto


/**
 * RefreshDrawingTaskRequest names the task a callback was about.
 */
export interface RefreshDrawingTaskRequest {
  /**
   * The upstream task id.
   */
  'mj_id'?: (string);
}

/**
 * RefreshDrawingTaskRequest names the task a callback was about.
 */
export interface RefreshDrawingTaskRequest__Output {
  /**
   * The upstream task id.
   */
  'mj_id': (string);
}
