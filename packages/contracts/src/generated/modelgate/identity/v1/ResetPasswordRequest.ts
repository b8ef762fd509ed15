// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * ResetPasswordRequest carries the reset link's parameters.
 */
export interface ResetPasswordRequest {
  /**
   * The email address the link was sent to.
   */
  'email'?: (string);
  /**
   * The link's one-time token.
   */
  'token'?: (string);
}

/**
 * ResetPasswordRequest carries the reset link's parameters.
 */
export interface ResetPasswordRequest__Output {
  /**
   * The email address the link was sent to.
   */
  'email': (string);
  /**
   * The link's one-time token.
   */
  'token': (string);
}
