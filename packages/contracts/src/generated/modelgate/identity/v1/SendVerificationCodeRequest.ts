// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * SendVerificationCodeRequest names the address to prove.
 */
export interface SendVerificationCodeRequest {
  /**
   * The email address.
   */
  'email'?: (string);
}

/**
 * SendVerificationCodeRequest names the address to prove.
 */
export interface SendVerificationCodeRequest__Output {
  /**
   * The email address.
   */
  'email': (string);
}
