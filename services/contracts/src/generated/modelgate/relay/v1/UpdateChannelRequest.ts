// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { ChannelFields as _modelgate_relay_v1_ChannelFields, ChannelFields__Output as _modelgate_relay_v1_ChannelFields__Output } from '../../../modelgate/relay/v1/ChannelFields';
import type { Long } from '@grpc/proto-loader';

/**
 * UpdateChannelRequest names the channel and the edit.
 */
export interface UpdateChannelRequest {
  /**
   * Channel id.
   */
  'channel_id'?: (number | string | Long);
  /**
   * The edit.
   */
  'fields'?: (_modelgate_relay_v1_ChannelFields | null);
}

/**
 * UpdateChannelRequest names the channel and the edit.
 */
export interface UpdateChannelRequest__Output {
  /**
   * Channel id.
   */
  'channel_id': (string);
  /**
   * The edit.
   */
  'fields': (_modelgate_relay_v1_ChannelFields__Output | null);
}
