// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DeleteChannelsRequest names the channels.
 */
export interface DeleteChannelsRequest {
  /**
   * Channel ids; at least one (请先选择要删除的通道！).
   */
  'channel_ids'?: (number | string | Long)[];
}

/**
 * DeleteChannelsRequest names the channels.
 */
export interface DeleteChannelsRequest__Output {
  /**
   * Channel ids; at least one (请先选择要删除的通道！).
   */
  'channel_ids': (string)[];
}
