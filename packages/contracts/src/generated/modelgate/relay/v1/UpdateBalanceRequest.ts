// Original file: proto/modelgate/relay/v1/channel_probe_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UpdateBalanceRequest names the channel.
 */
export interface UpdateBalanceRequest {
  /**
   * The channel's id (positive).
   */
  'channel_id'?: (number | string | Long);
}

/**
 * UpdateBalanceRequest names the channel.
 */
export interface UpdateBalanceRequest__Output {
  /**
   * The channel's id (positive).
   */
  'channel_id': (string);
}
