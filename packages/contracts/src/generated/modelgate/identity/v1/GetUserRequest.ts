// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetUserRequest names the user.
 */
export interface GetUserRequest {
  /**
   * The user's id.
   */
  'user_id'?: (number | string | Long);
  /**
   * The admin asking.
   */
  'actor_id'?: (number | string | Long);
}

/**
 * GetUserRequest names the user.
 */
export interface GetUserRequest__Output {
  /**
   * The user's id.
   */
  'user_id': (string);
  /**
   * The admin asking.
   */
  'actor_id': (string);
}
