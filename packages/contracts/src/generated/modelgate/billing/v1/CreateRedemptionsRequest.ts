// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * CreateRedemptionsRequest describes a batch of new codes.
 */
export interface CreateRedemptionsRequest {
  /**
   * The admin creating them (recorded as each code's user_id).
   */
  'actor_id'?: (number);
  /**
   * Label of every code, at most 20 characters; empty for the quota as the console shows it
   * (e.g. "$0.20").
   */
  'name'?: (string);
  /**
   * Quota units each code credits; positive.
   */
  'quota'?: (number | string | Long);
  /**
   * Number of codes, 1 to 100.
   */
  'count'?: (number);
}

/**
 * CreateRedemptionsRequest describes a batch of new codes.
 */
export interface CreateRedemptionsRequest__Output {
  /**
   * The admin creating them (recorded as each code's user_id).
   */
  'actor_id': (number);
  /**
   * Label of every code, at most 20 characters; empty for the quota as the console shows it
   * (e.g. "$0.20").
   */
  'name': (string);
  /**
   * Quota units each code credits; positive.
   */
  'quota': (string);
  /**
   * Number of codes, 1 to 100.
   */
  'count': (number);
}
