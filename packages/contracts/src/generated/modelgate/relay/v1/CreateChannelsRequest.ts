// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { ChannelFields as _modelgate_relay_v1_ChannelFields, ChannelFields__Output as _modelgate_relay_v1_ChannelFields__Output } from '../../../modelgate/relay/v1/ChannelFields';

/**
 * CreateChannelsRequest carries the new channel's fields.
 */
export interface CreateChannelsRequest {
  /**
   * The fields; `key` may hold one key per line.
   */
  'fields'?: (_modelgate_relay_v1_ChannelFields | null);
}

/**
 * CreateChannelsRequest carries the new channel's fields.
 */
export interface CreateChannelsRequest__Output {
  /**
   * The fields; `key` may hold one key per line.
   */
  'fields': (_modelgate_relay_v1_ChannelFields__Output | null);
}
