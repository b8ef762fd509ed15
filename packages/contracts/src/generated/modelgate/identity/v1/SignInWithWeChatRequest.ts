// Original file: proto/modelgate/identity/v1/oauth_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SignInWithWeChatRequest carries the code the WeChat server's official account gave the user.
 */
export interface SignInWithWeChatRequest {
  /**
   * The verification code.
   */
  'code'?: (string);
  /**
   * The signed-in user to bind the WeChat account to; 0 to sign in (or register).
   */
  'bind_user_id'?: (number | string | Long);
}

/**
 * SignInWithWeChatRequest carries the code the WeChat server's official account gave the user.
 */
export interface SignInWithWeChatRequest__Output {
  /**
   * The verification code.
   */
  'code': (string);
  /**
   * The signed-in user to bind the WeChat account to; 0 to sign in (or register).
   */
  'bind_user_id': (string);
}
