// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DeleteSelfRequest names the signed-in user.
 */
export interface DeleteSelfRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
}

/**
 * DeleteSelfRequest names the signed-in user.
 */
export interface DeleteSelfRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
}
