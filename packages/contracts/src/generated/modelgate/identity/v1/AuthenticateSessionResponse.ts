// Original file: proto/modelgate/identity/v1/identity_service.proto

import type { SessionUser as _modelgate_identity_v1_SessionUser, SessionUser__Output as _modelgate_identity_v1_SessionUser__Output } from '../../../modelgate/identity/v1/SessionUser';

/**
 * AuthenticateSessionResponse names the signed-in user.
 */
export interface AuthenticateSessionResponse {
  /**
   * The session's user, read when the call was answered.
   */
  'user'?: (_modelgate_identity_v1_SessionUser | null);
}

/**
 * AuthenticateSessionResponse names the signed-in user.
 */
export interface AuthenticateSessionResponse__Output {
  /**
   * The session's user, read when the call was answered.
   */
  'user': (_modelgate_identity_v1_SessionUser__Output | null);
}
