// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * FetchUpstreamModelsResponse lists what the upstream offers.
 */
export interface FetchUpstreamModelsResponse {
  /**
   * Model ids, in the upstream's order, distinct.
   */
  'models'?: (string)[];
}

/**
 * FetchUpstreamModelsResponse lists what the upstream offers.
 */
export interface FetchUpstreamModelsResponse__Output {
  /**
   * Model ids, in the upstream's order, distinct.
   */
  'models': (string)[];
}
