// Original file: proto/modelgate/identity/v1/identity_service.proto


/**
 * ResetModelRatioRequest takes no parameters.
 */
export interface ResetModelRatioRequest {
}

/**
 * ResetModelRatioRequest takes no parameters.
 */
export interface ResetModelRatioRequest__Output {
}
