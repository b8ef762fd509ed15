// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SetTokenStatusRequest switches a token on or off.
 */
export interface SetTokenStatusRequest {
  /**
   * The signed-in user.
   */
  'user_id'?: (number | string | Long);
  /**
   * The token.
   */
  'token_id'?: (number | string | Long);
  /**
   * 1 enabled or 2 disabled.
   */
  'status'?: (number);
}

/**
 * SetTokenStatusRequest switches a token on or off.
 */
export interface SetTokenStatusRequest__Output {
  /**
   * The signed-in user.
   */
  'user_id': (string);
  /**
   * The token.
   */
  'token_id': (string);
  /**
   * 1 enabled or 2 disabled.
   */
  'status': (number);
}
