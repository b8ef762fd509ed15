// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * FixAbilitiesRequest is empty.
 */
export interface FixAbilitiesRequest {
}

/**
 * FixAbilitiesRequest is empty.
 */
export interface FixAbilitiesRequest__Output {
}
