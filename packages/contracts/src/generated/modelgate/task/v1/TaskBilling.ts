// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TaskBilling says which request paid for a task, so a failed task is refunded in full.
 */
export interface TaskBilling {
  /**
   * The request id billing settled the task's price under (and refunds it under).
   */
  'request_id'?: (string);
  /**
   * The token charged; 0 for none.
   */
  'token_id'?: (number | string | Long);
  /**
   * The group the task was priced in.
   */
  'group'?: (string);
  /**
   * The priced model name, e.g. "mj_imagine", "swap_face", "suno_music".
   */
  'model_name'?: (string);
}

/**
 * TaskBilling says which request paid for a task, so a failed task is refunded in full.
 */
export interface TaskBilling__Output {
  /**
   * The request id billing settled the task's price under (and refunds it under).
   */
  'request_id': (string);
  /**
   * The token charged; 0 for none.
   */
  'token_id': (string);
  /**
   * The group the task was priced in.
   */
  'group': (string);
  /**
   * The priced model name, e.g. "mj_imagine", "swap_face", "suno_music".
   */
  'model_name': (string);
}
