// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * GenerateAccessTokenResponse carries the new token.
 */
export interface GenerateAccessTokenResponse {
  /**
   * The new system access token (32 letters and digits); the previous one stops working.
   */
  'access_token'?: (string);
}

/**
 * GenerateAccessTokenResponse carries the new token.
 */
export interface GenerateAccessTokenResponse__Output {
  /**
   * The new system access token (32 letters and digits); the previous one stops working.
   */
  'access_token': (string);
}
