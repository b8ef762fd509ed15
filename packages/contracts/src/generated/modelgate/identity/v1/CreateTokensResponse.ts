// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Token as _modelgate_identity_v1_Token, Token__Output as _modelgate_identity_v1_Token__Output } from '../../../modelgate/identity/v1/Token';

/**
 * CreateTokensResponse carries the tokens created, in creation order.
 */
export interface CreateTokensResponse {
  /**
   * The new tokens, keys included.
   */
  'tokens'?: (_modelgate_identity_v1_Token)[];
}

/**
 * CreateTokensResponse carries the tokens created, in creation order.
 */
export interface CreateTokensResponse__Output {
  /**
   * The new tokens, keys included.
   */
  'tokens': (_modelgate_identity_v1_Token__Output)[];
}
