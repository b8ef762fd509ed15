// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * LoginRequest carries the credentials.
 */
export interface LoginRequest {
  /**
   * Username, or the email bound to the account.
   */
  'username'?: (string);
  /**
   * Password.
   */
  'password'?: (string);
}

/**
 * LoginRequest carries the credentials.
 */
export interface LoginRequest__Output {
  /**
   * Username, or the email bound to the account.
   */
  'username': (string);
  /**
   * Password.
   */
  'password': (string);
}
