// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TaskCaller says who asks for a list and in which capacity.
 */
export interface TaskCaller {
  /**
   * The signed-in user asking.
   */
  'user_id'?: (number | string | Long);
  /**
   * That user's role as the edge read it for this request: 1 user, 10 admin, 100 super admin.
   */
  'role'?: (number);
  /**
   * True for the console's own-data endpoints (`/api/mj/self`, `/api/task/self`): the answer is
   * limited to the caller's tasks, whatever the role.
   */
  'self'?: (boolean);
}

/**
 * TaskCaller says who asks for a list and in which capacity.
 */
export interface TaskCaller__Output {
  /**
   * The signed-in user asking.
   */
  'user_id': (string);
  /**
   * That user's role as the edge read it for this request: 1 user, 10 admin, 100 super admin.
   */
  'role': (number);
  /**
   * True for the console's own-data endpoints (`/api/mj/self`, `/api/task/self`): the answer is
   * limited to the caller's tasks, whatever the role.
   */
  'self': (boolean);
}
