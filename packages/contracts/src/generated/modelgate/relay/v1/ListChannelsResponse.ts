// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { ChannelListEntry as _modelgate_relay_v1_ChannelListEntry, ChannelListEntry__Output as _modelgate_relay_v1_ChannelListEntry__Output } from '../../../modelgate/relay/v1/ChannelListEntry';
import type { Long } from '@grpc/proto-loader';

/**
 * ListChannelsResponse is one page of entries (keys never included).
 */
export interface ListChannelsResponse {
  /**
   * The page's entries.
   */
  'entries'?: (_modelgate_relay_v1_ChannelListEntry)[];
  /**
   * Entries matching on every page.
   */
  'total'?: (number | string | Long);
}

/**
 * ListChannelsResponse is one page of entries (keys never included).
 */
export interface ListChannelsResponse__Output {
  /**
   * The page's entries.
   */
  'entries': (_modelgate_relay_v1_ChannelListEntry__Output)[];
  /**
   * Entries matching on every page.
   */
  'total': (string);
}
