// Original file: proto/modelgate/relay/v1/channel_probe_service.proto


/**
 * UpdateAllBalancesRequest has no fields: every enabled channel is read.
 */
export interface UpdateAllBalancesRequest {
}

/**
 * UpdateAllBalancesRequest has no fields: every enabled channel is read.
 */
export interface UpdateAllBalancesRequest__Output {
}
