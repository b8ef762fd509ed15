// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetChannelRequest names the channel.
 */
export interface GetChannelRequest {
  /**
   * Channel id.
   */
  'channel_id'?: (number | string | Long);
  /**
   * Include the key (edge sets it only for the super admin asking explicitly).
   */
  'include_key'?: (boolean);
}

/**
 * GetChannelRequest names the channel.
 */
export interface GetChannelRequest__Output {
  /**
   * Channel id.
   */
  'channel_id': (string);
  /**
   * Include the key (edge sets it only for the super admin asking explicitly).
   */
  'include_key': (boolean);
}
