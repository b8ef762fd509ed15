// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * GetAffCodeResponse carries the invitation code.
 */
export interface GetAffCodeResponse {
  /**
   * The user's invitation code (4 letters and digits when generated).
   */
  'aff_code'?: (string);
}

/**
 * GetAffCodeResponse carries the invitation code.
 */
export interface GetAffCodeResponse__Output {
  /**
   * The user's invitation code (4 letters and digits when generated).
   */
  'aff_code': (string);
}
