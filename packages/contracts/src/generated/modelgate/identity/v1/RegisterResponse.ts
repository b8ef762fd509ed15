// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * RegisterResponse names the created user.
 */
export interface RegisterResponse {
  /**
   * The new user's id.
   */
  'user_id'?: (number | string | Long);
}

/**
 * RegisterResponse names the created user.
 */
export interface RegisterResponse__Output {
  /**
   * The new user's id.
   */
  'user_id': (string);
}
