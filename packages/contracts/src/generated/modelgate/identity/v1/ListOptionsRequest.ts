// Original file: proto/modelgate/identity/v1/identity_service.proto


/**
 * ListOptionsRequest takes no parameters.
 */
export interface ListOptionsRequest {
}

/**
 * ListOptionsRequest takes no parameters.
 */
export interface ListOptionsRequest__Output {
}
