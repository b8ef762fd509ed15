// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { ChannelFields as _modelgate_relay_v1_ChannelFields, ChannelFields__Output as _modelgate_relay_v1_ChannelFields__Output } from '../../../modelgate/relay/v1/ChannelFields';
import type { Long } from '@grpc/proto-loader';

/**
 * UpdateChannelRequest names the channel, the edit and who makes it.
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
  /**
   * Role of the signed-in user making the edit (10 admin, 100 root). Only a root may change a
   * channel's base URL or type and keep its key; anyone else must send a new key with that change.
   * Unset (0) counts as not root.
   */
  'caller_role'?: (number);
}

/**
 * UpdateChannelRequest names the channel, the edit and who makes it.
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
  /**
   * Role of the signed-in user making the edit (10 admin, 100 root). Only a root may change a
   * channel's base URL or type and keep its key; anyone else must send a new key with that change.
   * Unset (0) counts as not root.
   */
  'caller_role': (number);
}
