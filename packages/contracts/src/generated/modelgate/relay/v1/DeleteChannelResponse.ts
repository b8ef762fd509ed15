// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * DeleteChannelResponse is empty.
 */
export interface DeleteChannelResponse {
}

/**
 * DeleteChannelResponse is empty.
 */
export interface DeleteChannelResponse__Output {
}
