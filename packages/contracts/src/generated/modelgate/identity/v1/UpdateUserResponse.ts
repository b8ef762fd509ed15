// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';

/**
 * UpdateUserResponse carries the user after the edit.
 */
export interface UpdateUserResponse {
  /**
   * The user as stored now.
   */
  'user'?: (_modelgate_identity_v1_User | null);
  /**
   * True when the password was changed (the caller ends the user's sessions).
   */
  'password_changed'?: (boolean);
}

/**
 * UpdateUserResponse carries the user after the edit.
 */
export interface UpdateUserResponse__Output {
  /**
   * The user as stored now.
   */
  'user': (_modelgate_identity_v1_User__Output | null);
  /**
   * True when the password was changed (the caller ends the user's sessions).
   */
  'password_changed': (boolean);
}
