// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * ListModelsRequest is empty.
 */
export interface ListModelsRequest {
}

/**
 * ListModelsRequest is empty.
 */
export interface ListModelsRequest__Output {
}
