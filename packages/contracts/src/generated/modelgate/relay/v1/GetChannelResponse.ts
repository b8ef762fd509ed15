// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Channel as _modelgate_relay_v1_Channel, Channel__Output as _modelgate_relay_v1_Channel__Output } from '../../../modelgate/relay/v1/Channel';

/**
 * GetChannelResponse carries the channel.
 */
export interface GetChannelResponse {
  /**
   * The channel; `key` set only when asked for.
   */
  'channel'?: (_modelgate_relay_v1_Channel | null);
}

/**
 * GetChannelResponse carries the channel.
 */
export interface GetChannelResponse__Output {
  /**
   * The channel; `key` set only when asked for.
   */
  'channel': (_modelgate_relay_v1_Channel__Output | null);
}
