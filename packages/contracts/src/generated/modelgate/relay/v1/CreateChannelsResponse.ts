// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Channel as _modelgate_relay_v1_Channel, Channel__Output as _modelgate_relay_v1_Channel__Output } from '../../../modelgate/relay/v1/Channel';

/**
 * CreateChannelsResponse carries the created channels (without keys).
 */
export interface CreateChannelsResponse {
  /**
   * One per key line, in id order.
   */
  'channels'?: (_modelgate_relay_v1_Channel)[];
}

/**
 * CreateChannelsResponse carries the created channels (without keys).
 */
export interface CreateChannelsResponse__Output {
  /**
   * One per key line, in id order.
   */
  'channels': (_modelgate_relay_v1_Channel__Output)[];
}
