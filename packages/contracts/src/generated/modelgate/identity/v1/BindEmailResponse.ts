// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * BindEmailResponse is empty: the address was bound.
 */
export interface BindEmailResponse {
}

/**
 * BindEmailResponse is empty: the address was bound.
 */
export interface BindEmailResponse__Output {
}
