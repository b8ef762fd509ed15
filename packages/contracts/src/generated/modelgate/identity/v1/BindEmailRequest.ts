// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * BindEmailRequest carries the address and its code.
 */
export interface BindEmailRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
  /**
   * The email address to bind.
   */
  'email'?: (string);
  /**
   * The code mailed to it.
   */
  'code'?: (string);
}

/**
 * BindEmailRequest carries the address and its code.
 */
export interface BindEmailRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
  /**
   * The email address to bind.
   */
  'email': (string);
  /**
   * The code mailed to it.
   */
  'code': (string);
}
