// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TagChannelsRequest names the channels and the tag.
 */
export interface TagChannelsRequest {
  /**
   * Channel ids; at least one (请先选择要设置标签的渠道！).
   */
  'channel_ids'?: (number | string | Long)[];
  /**
   * The tag; not empty (标签不能为空！).
   */
  'tag'?: (string);
}

/**
 * TagChannelsRequest names the channels and the tag.
 */
export interface TagChannelsRequest__Output {
  /**
   * Channel ids; at least one (请先选择要设置标签的渠道！).
   */
  'channel_ids': (string)[];
  /**
   * The tag; not empty (标签不能为空！).
   */
  'tag': (string);
}
