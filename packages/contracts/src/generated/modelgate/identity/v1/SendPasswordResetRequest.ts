// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * SendPasswordResetRequest names the account's address.
 */
export interface SendPasswordResetRequest {
  /**
   * The email address.
   */
  'email'?: (string);
}

/**
 * SendPasswordResetRequest names the account's address.
 */
export interface SendPasswordResetRequest__Output {
  /**
   * The email address.
   */
  'email': (string);
}
