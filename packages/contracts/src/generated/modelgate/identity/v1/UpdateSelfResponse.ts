// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * UpdateSelfResponse says what changed.
 */
export interface UpdateSelfResponse {
  /**
   * True when the password was changed (the system access token is revoked with it; edge then
   * ends the user's other sessions).
   */
  'password_changed'?: (boolean);
}

/**
 * UpdateSelfResponse says what changed.
 */
export interface UpdateSelfResponse__Output {
  /**
   * True when the password was changed (the system access token is revoked with it; edge then
   * ends the user's other sessions).
   */
  'password_changed': (boolean);
}
