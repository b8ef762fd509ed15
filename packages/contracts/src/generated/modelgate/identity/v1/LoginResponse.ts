// Original file: proto/modelgate/identity/v1/account_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';

/**
 * LoginResponse carries the signed-in user.
 */
export interface LoginResponse {
  /**
   * The user (id, username, display_name, role, status and group are what a session needs).
   */
  'user'?: (_modelgate_identity_v1_User | null);
  /**
   * True when the super admin still signs in with the well-known default password.
   */
  'default_password'?: (boolean);
}

/**
 * LoginResponse carries the signed-in user.
 */
export interface LoginResponse__Output {
  /**
   * The user (id, username, display_name, role, status and group are what a session needs).
   */
  'user': (_modelgate_identity_v1_User__Output | null);
  /**
   * True when the super admin still signs in with the well-known default password.
   */
  'default_password': (boolean);
}
