// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * DeleteDisabledChannelsRequest is empty.
 */
export interface DeleteDisabledChannelsRequest {
}

/**
 * DeleteDisabledChannelsRequest is empty.
 */
export interface DeleteDisabledChannelsRequest__Output {
}
