// Original file: proto/modelgate/identity/v1/identity_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * AuthenticateSessionRequest carries what a console request presents.
 */
export interface AuthenticateSessionRequest {
  /**
   * The `session` cookie's value, as the browser sent it.
   */
  'session_token'?: (string);
  /**
   * The user the request claims to be (its `New-Api-User` header).
   */
  'user_id'?: (number | string | Long);
}

/**
 * AuthenticateSessionRequest carries what a console request presents.
 */
export interface AuthenticateSessionRequest__Output {
  /**
   * The `session` cookie's value, as the browser sent it.
   */
  'session_token': (string);
  /**
   * The user the request claims to be (its `New-Api-User` header).
   */
  'user_id': (string);
}
