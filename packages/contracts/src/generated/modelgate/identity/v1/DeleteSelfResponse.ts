// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * DeleteSelfResponse is empty: the account was deleted.
 */
export interface DeleteSelfResponse {
}

/**
 * DeleteSelfResponse is empty: the account was deleted.
 */
export interface DeleteSelfResponse__Output {
}
