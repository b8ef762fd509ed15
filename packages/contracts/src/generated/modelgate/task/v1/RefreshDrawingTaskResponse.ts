// Original file: proto/modelgate/task/v1/task_service.proto


/**
 * RefreshDrawingTaskResponse says what the upstream answered.
 */
export interface RefreshDrawingTaskResponse {
  /**
   * Whether the stored task changed.
   */
  'changed'?: (boolean);
}

/**
 * RefreshDrawingTaskResponse says what the upstream answered.
 */
export interface RefreshDrawingTaskResponse__Output {
  /**
   * Whether the stored task changed.
   */
  'changed': (boolean);
}
