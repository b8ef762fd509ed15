// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * SendVerificationCodeResponse is empty: the code was mailed.
 */
export interface SendVerificationCodeResponse {
}

/**
 * SendVerificationCodeResponse is empty: the code was mailed.
 */
export interface SendVerificationCodeResponse__Output {
}
