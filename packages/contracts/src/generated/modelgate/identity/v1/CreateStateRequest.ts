// Original file: proto/modelgate/identity/v1/oauth_service.proto


/**
 * CreateStateRequest carries what the redirect should remember.
 */
export interface CreateStateRequest {
  /**
   * Invitation code to apply if the sign-in registers a new user; empty when none.
   */
  'aff_code'?: (string);
}

/**
 * CreateStateRequest carries what the redirect should remember.
 */
export interface CreateStateRequest__Output {
  /**
   * Invitation code to apply if the sign-in registers a new user; empty when none.
   */
  'aff_code': (string);
}
