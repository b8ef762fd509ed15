// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DeleteTokenRequest names the token to delete.
 */
export interface DeleteTokenRequest {
  /**
   * The signed-in user.
   */
  'user_id'?: (number | string | Long);
  /**
   * The token.
   */
  'token_id'?: (number | string | Long);
}

/**
 * DeleteTokenRequest names the token to delete.
 */
export interface DeleteTokenRequest__Output {
  /**
   * The signed-in user.
   */
  'user_id': (string);
  /**
   * The token.
   */
  'token_id': (string);
}
