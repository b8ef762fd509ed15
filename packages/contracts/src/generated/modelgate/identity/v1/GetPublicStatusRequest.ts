// Original file: proto/modelgate/identity/v1/identity_service.proto


/**
 * GetPublicStatusRequest takes no parameters.
 */
export interface GetPublicStatusRequest {
}

/**
 * GetPublicStatusRequest takes no parameters.
 */
export interface GetPublicStatusRequest__Output {
}
