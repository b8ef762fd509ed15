// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Token as _modelgate_identity_v1_Token, Token__Output as _modelgate_identity_v1_Token__Output } from '../../../modelgate/identity/v1/Token';

/**
 * UpdateTokenResponse carries the token after the edit.
 */
export interface UpdateTokenResponse {
  /**
   * The token as stored now.
   */
  'token'?: (_modelgate_identity_v1_Token | null);
}

/**
 * UpdateTokenResponse carries the token after the edit.
 */
export interface UpdateTokenResponse__Output {
  /**
   * The token as stored now.
   */
  'token': (_modelgate_identity_v1_Token__Output | null);
}
