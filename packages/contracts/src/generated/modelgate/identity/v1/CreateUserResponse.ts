// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';

/**
 * CreateUserResponse carries the new account.
 */
export interface CreateUserResponse {
  /**
   * The user as created.
   */
  'user'?: (_modelgate_identity_v1_User | null);
}

/**
 * CreateUserResponse carries the new account.
 */
export interface CreateUserResponse__Output {
  /**
   * The user as created.
   */
  'user': (_modelgate_identity_v1_User__Output | null);
}
