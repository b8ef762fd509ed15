// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Channel as _modelgate_relay_v1_Channel, Channel__Output as _modelgate_relay_v1_Channel__Output } from '../../../modelgate/relay/v1/Channel';
import type { Long } from '@grpc/proto-loader';

/**
 * TagGroup is the aggregate entry of one tag in tag mode (spec §3 "Tag aggregate row").
 */
export interface TagGroup {
  /**
   * The tag.
   */
  'tag'?: (string);
  /**
   * The tag's channels, in the list's order.
   */
  'children'?: (_modelgate_relay_v1_Channel)[];
  /**
   * Every group of the children, comma-joined, first appearance first.
   */
  'group'?: (string);
  /**
   * Sum of the children's used quota.
   */
  'used_quota'?: (number | string | Long);
  /**
   * Average response time of the children, in ms (rounded).
   */
  'response_time'?: (number);
  /**
   * The children's priority when they all share it; absent when they differ.
   */
  'priority'?: (number | string | Long);
  /**
   * The children's weight when they all share it; absent when they differ.
   */
  'weight'?: (number);
  /**
   * The children's status when they all share it; absent when they differ.
   */
  'status'?: (number);
  '_priority'?: "priority";
  '_weight'?: "weight";
  '_status'?: "status";
}

/**
 * TagGroup is the aggregate entry of one tag in tag mode (spec §3 "Tag aggregate row").
 */
export interface TagGroup__Output {
  /**
   * The tag.
   */
  'tag': (string);
  /**
   * The tag's channels, in the list's order.
   */
  'children': (_modelgate_relay_v1_Channel__Output)[];
  /**
   * Every group of the children, comma-joined, first appearance first.
   */
  'group': (string);
  /**
   * Sum of the children's used quota.
   */
  'used_quota': (string);
  /**
   * Average response time of the children, in ms (rounded).
   */
  'response_time': (number);
  /**
   * The children's priority when they all share it; absent when they differ.
   */
  'priority'?: (string);
  /**
   * The children's weight when they all share it; absent when they differ.
   */
  'weight'?: (number);
  /**
   * The children's status when they all share it; absent when they differ.
   */
  'status'?: (number);
  '_priority'?: "priority";
  '_weight'?: "weight";
  '_status'?: "status";
}
