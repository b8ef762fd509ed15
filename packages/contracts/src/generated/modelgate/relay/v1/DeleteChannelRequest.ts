// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DeleteChannelRequest names the channel.
 */
export interface DeleteChannelRequest {
  /**
   * Channel id.
   */
  'channel_id'?: (number | string | Long);
}

/**
 * DeleteChannelRequest names the channel.
 */
export interface DeleteChannelRequest__Output {
  /**
   * Channel id.
   */
  'channel_id': (string);
}
