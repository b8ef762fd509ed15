// Original file: proto/modelgate/relay/v1/channel_probe_service.proto


/**
 * TestChannelResponse is the outcome of the test.
 */
export interface TestChannelResponse {
  /**
   * The upstream answered successfully with a readable result.
   */
  'success'?: (boolean);
  /**
   * Empty on success; otherwise why the test failed, the provider's own message included
   * ("status code 401: Incorrect API key provided…").
   */
  'message'?: (string);
  /**
   * Seconds from sending the request to the end of the answer (also on failure).
   */
  'time'?: (number | string);
  /**
   * The model the test requested (before the channel's model_mapping).
   */
  'model'?: (string);
  /**
   * The same duration in whole milliseconds, as stored in the channel's response_time.
   */
  'response_time_ms'?: (number);
}

/**
 * TestChannelResponse is the outcome of the test.
 */
export interface TestChannelResponse__Output {
  /**
   * The upstream answered successfully with a readable result.
   */
  'success': (boolean);
  /**
   * Empty on success; otherwise why the test failed, the provider's own message included
   * ("status code 401: Incorrect API key provided…").
   */
  'message': (string);
  /**
   * Seconds from sending the request to the end of the answer (also on failure).
   */
  'time': (number);
  /**
   * The model the test requested (before the channel's model_mapping).
   */
  'model': (string);
  /**
   * The same duration in whole milliseconds, as stored in the channel's response_time.
   */
  'response_time_ms': (number);
}
