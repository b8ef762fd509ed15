// Original file: proto/modelgate/relay/v1/channel_probe_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TestChannelRequest names the channel and, optionally, the model to test with.
 */
export interface TestChannelRequest {
  /**
   * The channel's id (positive).
   */
  'channel_id'?: (number | string | Long);
  /**
   * The model to request; empty for the channel's test_model, else its first model, else
   * gpt-4o-mini. The channel's model_mapping applies to it.
   */
  'model'?: (string);
}

/**
 * TestChannelRequest names the channel and, optionally, the model to test with.
 */
export interface TestChannelRequest__Output {
  /**
   * The channel's id (positive).
   */
  'channel_id': (string);
  /**
   * The model to request; empty for the channel's test_model, else its first model, else
   * gpt-4o-mini. The channel's model_mapping applies to it.
   */
  'model': (string);
}
