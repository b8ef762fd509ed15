// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * CreateUserRequest describes the new account.
 */
export interface CreateUserRequest {
  /**
   * The admin creating the account.
   */
  'actor_id'?: (number | string | Long);
  /**
   * Login name: 1 to 12 characters, no whitespace.
   */
  'username'?: (string);
  /**
   * Name shown in the console, at most 20 characters; the username when empty.
   */
  'display_name'?: (string);
  /**
   * Password, 8 to 20 characters.
   */
  'password'?: (string);
  /**
   * The role the admin asked for; 0 when none. Refused when not below the actor's role; the
   * account is always created as a common user.
   */
  'role'?: (number);
}

/**
 * CreateUserRequest describes the new account.
 */
export interface CreateUserRequest__Output {
  /**
   * The admin creating the account.
   */
  'actor_id': (string);
  /**
   * Login name: 1 to 12 characters, no whitespace.
   */
  'username': (string);
  /**
   * Name shown in the console, at most 20 characters; the username when empty.
   */
  'display_name': (string);
  /**
   * Password, 8 to 20 characters.
   */
  'password': (string);
  /**
   * The role the admin asked for; 0 when none. Refused when not below the actor's role; the
   * account is always created as a common user.
   */
  'role': (number);
}
