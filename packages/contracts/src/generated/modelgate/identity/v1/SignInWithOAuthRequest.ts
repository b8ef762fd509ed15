// Original file: proto/modelgate/identity/v1/oauth_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SignInWithOAuthRequest is the provider's callback, as the console forwards it.
 */
export interface SignInWithOAuthRequest {
  /**
   * "github", "oidc" or "linuxdo".
   */
  'provider'?: (string);
  /**
   * The authorization code from the provider's redirect.
   */
  'code'?: (string);
  /**
   * The state from CreateState (the caller has checked it belongs to this browser).
   */
  'state'?: (string);
  /**
   * The signed-in user to bind the account to; 0 to sign in (or register).
   */
  'bind_user_id'?: (number | string | Long);
  /**
   * The origin the browser reached the console at (scheme://host[:port], as edge read it behind
   * its trusted proxies): the callback address sent to the provider while ServerAddress is empty.
   */
  'callback_origin'?: (string);
}

/**
 * SignInWithOAuthRequest is the provider's callback, as the console forwards it.
 */
export interface SignInWithOAuthRequest__Output {
  /**
   * "github", "oidc" or "linuxdo".
   */
  'provider': (string);
  /**
   * The authorization code from the provider's redirect.
   */
  'code': (string);
  /**
   * The state from CreateState (the caller has checked it belongs to this browser).
   */
  'state': (string);
  /**
   * The signed-in user to bind the account to; 0 to sign in (or register).
   */
  'bind_user_id': (string);
  /**
   * The origin the browser reached the console at (scheme://host[:port], as edge read it behind
   * its trusted proxies): the callback address sent to the provider while ServerAddress is empty.
   */
  'callback_origin': (string);
}
