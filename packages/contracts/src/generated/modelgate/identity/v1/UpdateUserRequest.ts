// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UpdateUserRequest edits one user; absent fields stay as they are.
 */
export interface UpdateUserRequest {
  /**
   * The admin editing.
   */
  'actor_id'?: (number | string | Long);
  /**
   * The user edited.
   */
  'user_id'?: (number | string | Long);
  /**
   * New login name (1 to 12 characters, no whitespace).
   */
  'username'?: (string);
  /**
   * New display name (at most 20 characters); empty means the username.
   */
  'display_name'?: (string);
  /**
   * New password (8 to 20 characters); empty keeps the current one.
   */
  'password'?: (string);
  /**
   * New group: a key of the GroupRatio option.
   */
  'group'?: (string);
  /**
   * New balance in quota units (may be negative); the difference to the current balance is
   * applied by billing and logged as a management change.
   */
  'quota'?: (number | string | Long);
  /**
   * Quota units to add to the balance (negative to deduct); excludes `quota`.
   */
  'quota_delta'?: (number | string | Long);
  /**
   * The role the client sent along. Roles change only through ManageUser; a role not below the
   * actor's is refused, any other is ignored.
   */
  'role'?: (number);
  '_username'?: "username";
  '_display_name'?: "display_name";
  '_password'?: "password";
  '_group'?: "group";
  '_quota'?: "quota";
  '_quota_delta'?: "quota_delta";
  '_role'?: "role";
}

/**
 * UpdateUserRequest edits one user; absent fields stay as they are.
 */
export interface UpdateUserRequest__Output {
  /**
   * The admin editing.
   */
  'actor_id': (string);
  /**
   * The user edited.
   */
  'user_id': (string);
  /**
   * New login name (1 to 12 characters, no whitespace).
   */
  'username'?: (string);
  /**
   * New display name (at most 20 characters); empty means the username.
   */
  'display_name'?: (string);
  /**
   * New password (8 to 20 characters); empty keeps the current one.
   */
  'password'?: (string);
  /**
   * New group: a key of the GroupRatio option.
   */
  'group'?: (string);
  /**
   * New balance in quota units (may be negative); the difference to the current balance is
   * applied by billing and logged as a management change.
   */
  'quota'?: (string);
  /**
   * Quota units to add to the balance (negative to deduct); excludes `quota`.
   */
  'quota_delta'?: (string);
  /**
   * The role the client sent along. Roles change only through ManageUser; a role not below the
   * actor's is refused, any other is ignored.
   */
  'role'?: (number);
  '_username'?: "username";
  '_display_name'?: "display_name";
  '_password'?: "password";
  '_group'?: "group";
  '_quota'?: "quota";
  '_quota_delta'?: "quota_delta";
  '_role'?: "role";
}
