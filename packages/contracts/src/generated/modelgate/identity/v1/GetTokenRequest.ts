// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetTokenRequest names the token.
 */
export interface GetTokenRequest {
  /**
   * The signed-in user.
   */
  'user_id'?: (number | string | Long);
  /**
   * The token's id.
   */
  'token_id'?: (number | string | Long);
}

/**
 * GetTokenRequest names the token.
 */
export interface GetTokenRequest__Output {
  /**
   * The signed-in user.
   */
  'user_id': (string);
  /**
   * The token's id.
   */
  'token_id': (string);
}
