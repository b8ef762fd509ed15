// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GenerateAccessTokenRequest names the signed-in user.
 */
export interface GenerateAccessTokenRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
}

/**
 * GenerateAccessTokenRequest names the signed-in user.
 */
export interface GenerateAccessTokenRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
}
