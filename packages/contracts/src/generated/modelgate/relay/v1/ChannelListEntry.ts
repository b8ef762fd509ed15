// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Channel as _modelgate_relay_v1_Channel, Channel__Output as _modelgate_relay_v1_Channel__Output } from '../../../modelgate/relay/v1/Channel';
import type { TagGroup as _modelgate_relay_v1_TagGroup, TagGroup__Output as _modelgate_relay_v1_TagGroup__Output } from '../../../modelgate/relay/v1/TagGroup';

/**
 * ChannelListEntry is one row of a list: a channel, or in tag mode a tag's aggregate.
 */
export interface ChannelListEntry {
  /**
   * A channel (every row outside tag mode; untagged channels in tag mode).
   */
  'channel'?: (_modelgate_relay_v1_Channel | null);
  /**
   * A tag's aggregate (tag mode).
   */
  'tag_group'?: (_modelgate_relay_v1_TagGroup | null);
  /**
   * What the row is.
   */
  'entry'?: "channel"|"tag_group";
}

/**
 * ChannelListEntry is one row of a list: a channel, or in tag mode a tag's aggregate.
 */
export interface ChannelListEntry__Output {
  /**
   * A channel (every row outside tag mode; untagged channels in tag mode).
   */
  'channel'?: (_modelgate_relay_v1_Channel__Output | null);
  /**
   * A tag's aggregate (tag mode).
   */
  'tag_group'?: (_modelgate_relay_v1_TagGroup__Output | null);
  /**
   * What the row is.
   */
  'entry'?: "channel"|"tag_group";
}
