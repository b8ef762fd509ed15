// Original file: proto/modelgate/identity/v1/token_service.proto


/**
 * DeleteTokenResponse is empty: the token is gone.
 */
export interface DeleteTokenResponse {
}

/**
 * DeleteTokenResponse is empty: the token is gone.
 */
export interface DeleteTokenResponse__Output {
}
