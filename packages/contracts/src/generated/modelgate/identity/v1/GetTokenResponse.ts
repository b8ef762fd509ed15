// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Token as _modelgate_identity_v1_Token, Token__Output as _modelgate_identity_v1_Token__Output } from '../../../modelgate/identity/v1/Token';

/**
 * GetTokenResponse carries the token.
 */
export interface GetTokenResponse {
  /**
   * The token.
   */
  'token'?: (_modelgate_identity_v1_Token | null);
}

/**
 * GetTokenResponse carries the token.
 */
export interface GetTokenResponse__Output {
  /**
   * The token.
   */
  'token': (_modelgate_identity_v1_Token__Output | null);
}
