// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ResetPasswordResponse carries the new password, shown once.
 */
export interface ResetPasswordResponse {
  /**
   * The user whose password was reset (edge ends their sessions).
   */
  'user_id'?: (number | string | Long);
  /**
   * The new random password.
   */
  'password'?: (string);
}

/**
 * ResetPasswordResponse carries the new password, shown once.
 */
export interface ResetPasswordResponse__Output {
  /**
   * The user whose password was reset (edge ends their sessions).
   */
  'user_id': (string);
  /**
   * The new random password.
   */
  'password': (string);
}
