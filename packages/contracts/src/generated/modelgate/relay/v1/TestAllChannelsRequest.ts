// Original file: proto/modelgate/relay/v1/channel_probe_service.proto


/**
 * TestAllChannelsRequest has no fields: every channel is tested.
 */
export interface TestAllChannelsRequest {
}

/**
 * TestAllChannelsRequest has no fields: every channel is tested.
 */
export interface TestAllChannelsRequest__Output {
}
