// Original file: proto/modelgate/identity/v1/oauth_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';

/**
 * SignInWithTelegramResponse says who is signed in, or who the account was bound to.
 */
export interface SignInWithTelegramResponse {
  /**
   * The signed-in (or binding) user.
   */
  'user'?: (_modelgate_identity_v1_User | null);
  /**
   * True when the Telegram account was bound to `bind_user_id`.
   */
  'bound'?: (boolean);
  /**
   * True when this sign-in registered a new user.
   */
  'registered'?: (boolean);
}

/**
 * SignInWithTelegramResponse says who is signed in, or who the account was bound to.
 */
export interface SignInWithTelegramResponse__Output {
  /**
   * The signed-in (or binding) user.
   */
  'user': (_modelgate_identity_v1_User__Output | null);
  /**
   * True when the Telegram account was bound to `bind_user_id`.
   */
  'bound': (boolean);
  /**
   * True when this sign-in registered a new user.
   */
  'registered': (boolean);
}
