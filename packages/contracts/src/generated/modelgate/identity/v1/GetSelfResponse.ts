// Original file: proto/modelgate/identity/v1/account_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';

/**
 * GetSelfResponse carries the user's own view.
 */
export interface GetSelfResponse {
  /**
   * The user, access token included.
   */
  'user'?: (_modelgate_identity_v1_User | null);
}

/**
 * GetSelfResponse carries the user's own view.
 */
export interface GetSelfResponse__Output {
  /**
   * The user, access token included.
   */
  'user': (_modelgate_identity_v1_User__Output | null);
}
