// Original file: proto/modelgate/relay/v1/channel_probe_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UpdateBalanceResponse carries the balance read and stored.
 */
export interface UpdateBalanceResponse {
  /**
   * The balance the provider reported (USD for OpenAI-style accounts, else the provider's
   * currency).
   */
  'balance'?: (number | string);
  /**
   * When it was stored, unix seconds.
   */
  'balance_updated_time'?: (number | string | Long);
}

/**
 * UpdateBalanceResponse carries the balance read and stored.
 */
export interface UpdateBalanceResponse__Output {
  /**
   * The balance the provider reported (USD for OpenAI-style accounts, else the provider's
   * currency).
   */
  'balance': (number);
  /**
   * When it was stored, unix seconds.
   */
  'balance_updated_time': (string);
}
