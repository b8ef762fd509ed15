// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetSelfRequest names the signed-in user.
 */
export interface GetSelfRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
}

/**
 * GetSelfRequest names the signed-in user.
 */
export interface GetSelfRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
}
