// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * FetchUpstreamModelsRequest names a stored channel, or gives the fields of a new one.
 */
export interface FetchUpstreamModelsRequest {
  /**
   * A stored channel's id; when set, the other fields are ignored.
   */
  'channel_id'?: (number | string | Long);
  /**
   * Base URL of the upstream; the type's default when empty.
   */
  'base_url'?: (string);
  /**
   * Channel type (1 when 0).
   */
  'type'?: (number);
  /**
   * The key (the first line of a multi-line key is used); required (请填写密钥).
   */
  'key'?: (string);
}

/**
 * FetchUpstreamModelsRequest names a stored channel, or gives the fields of a new one.
 */
export interface FetchUpstreamModelsRequest__Output {
  /**
   * A stored channel's id; when set, the other fields are ignored.
   */
  'channel_id': (string);
  /**
   * Base URL of the upstream; the type's default when empty.
   */
  'base_url': (string);
  /**
   * Channel type (1 when 0).
   */
  'type': (number);
  /**
   * The key (the first line of a multi-line key is used); required (请填写密钥).
   */
  'key': (string);
}
