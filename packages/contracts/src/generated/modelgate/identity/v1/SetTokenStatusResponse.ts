// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Token as _modelgate_identity_v1_Token, Token__Output as _modelgate_identity_v1_Token__Output } from '../../../modelgate/identity/v1/Token';

/**
 * SetTokenStatusResponse carries the token after the change.
 */
export interface SetTokenStatusResponse {
  /**
   * The token as stored now.
   */
  'token'?: (_modelgate_identity_v1_Token | null);
}

/**
 * SetTokenStatusResponse carries the token after the change.
 */
export interface SetTokenStatusResponse__Output {
  /**
   * The token as stored now.
   */
  'token': (_modelgate_identity_v1_Token__Output | null);
}
