// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * ListDefaultModelsRequest is empty.
 */
export interface ListDefaultModelsRequest {
}

/**
 * ListDefaultModelsRequest is empty.
 */
export interface ListDefaultModelsRequest__Output {
}
