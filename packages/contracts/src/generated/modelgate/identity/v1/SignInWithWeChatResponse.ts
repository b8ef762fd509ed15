// Original file: proto/modelgate/identity/v1/oauth_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';

/**
 * SignInWithWeChatResponse says who is signed in, or who the account was bound to.
 */
export interface SignInWithWeChatResponse {
  /**
   * The signed-in (or binding) user.
   */
  'user'?: (_modelgate_identity_v1_User | null);
  /**
   * True when the WeChat account was bound to `bind_user_id`.
   */
  'bound'?: (boolean);
  /**
   * True when this sign-in registered a new user.
   */
  'registered'?: (boolean);
}

/**
 * SignInWithWeChatResponse says who is signed in, or who the account was bound to.
 */
export interface SignInWithWeChatResponse__Output {
  /**
   * The signed-in (or binding) user.
   */
  'user': (_modelgate_identity_v1_User__Output | null);
  /**
   * True when the WeChat account was bound to `bind_user_id`.
   */
  'bound': (boolean);
  /**
   * True when this sign-in registered a new user.
   */
  'registered': (boolean);
}
