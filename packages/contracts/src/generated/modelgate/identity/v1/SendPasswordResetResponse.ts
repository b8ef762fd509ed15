// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * SendPasswordResetResponse is empty, whether or not an account has the address.
 */
export interface SendPasswordResetResponse {
}

/**
 * SendPasswordResetResponse is empty, whether or not an account has the address.
 */
export interface SendPasswordResetResponse__Output {
}
