// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Channel as _modelgate_relay_v1_Channel, Channel__Output as _modelgate_relay_v1_Channel__Output } from '../../../modelgate/relay/v1/Channel';

/**
 * UpdateChannelResponse carries the channel after the edit (without its key).
 */
export interface UpdateChannelResponse {
  /**
   * The channel as stored now.
   */
  'channel'?: (_modelgate_relay_v1_Channel | null);
}

/**
 * UpdateChannelResponse carries the channel after the edit (without its key).
 */
export interface UpdateChannelResponse__Output {
  /**
   * The channel as stored now.
   */
  'channel': (_modelgate_relay_v1_Channel__Output | null);
}
