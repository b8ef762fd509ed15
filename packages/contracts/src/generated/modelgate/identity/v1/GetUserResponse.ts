// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';

/**
 * GetUserResponse carries the admin's view of the user.
 */
export interface GetUserResponse {
  /**
   * The user (no access token).
   */
  'user'?: (_modelgate_identity_v1_User | null);
}

/**
 * GetUserResponse carries the admin's view of the user.
 */
export interface GetUserResponse__Output {
  /**
   * The user (no access token).
   */
  'user': (_modelgate_identity_v1_User__Output | null);
}
