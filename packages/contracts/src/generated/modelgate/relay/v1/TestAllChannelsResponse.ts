// Original file: proto/modelgate/relay/v1/channel_probe_service.proto


/**
 * TestAllChannelsResponse acknowledges that the run started.
 */
export interface TestAllChannelsResponse {
  /**
   * The number of channels the run will test.
   */
  'channels'?: (number);
}

/**
 * TestAllChannelsResponse acknowledges that the run started.
 */
export interface TestAllChannelsResponse__Output {
  /**
   * The number of channels the run will test.
   */
  'channels': (number);
}
