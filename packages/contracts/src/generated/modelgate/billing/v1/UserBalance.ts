// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UserBalance is one user's money columns, all in quota units except the counts.
 */
export interface UserBalance {
  /**
   * The user's numeric id.
   */
  'user_id'?: (number | string | Long);
  /**
   * Remaining quota the user may spend (without what open reservations hold).
   */
  'quota'?: (number | string | Long);
  /**
   * Quota spent so far.
   */
  'used_quota'?: (number | string | Long);
  /**
   * Number of relayed requests billed to the user.
   */
  'request_count'?: (number | string | Long);
  /**
   * Number of users the user has invited.
   */
  'aff_count'?: (number);
  /**
   * Invitation rewards not yet moved into the balance.
   */
  'aff_quota'?: (number | string | Long);
  /**
   * Invitation rewards earned in total.
   */
  'aff_history_quota'?: (number | string | Long);
  /**
   * Quota taken from the balance by reservations still open; still the user's until spent.
   */
  'held_quota'?: (number | string | Long);
}

/**
 * UserBalance is one user's money columns, all in quota units except the counts.
 */
export interface UserBalance__Output {
  /**
   * The user's numeric id.
   */
  'user_id': (string);
  /**
   * Remaining quota the user may spend (without what open reservations hold).
   */
  'quota': (string);
  /**
   * Quota spent so far.
   */
  'used_quota': (string);
  /**
   * Number of relayed requests billed to the user.
   */
  'request_count': (string);
  /**
   * Number of users the user has invited.
   */
  'aff_count': (number);
  /**
   * Invitation rewards not yet moved into the balance.
   */
  'aff_quota': (string);
  /**
   * Invitation rewards earned in total.
   */
  'aff_history_quota': (string);
  /**
   * Quota taken from the balance by reservations still open; still the user's until spent.
   */
  'held_quota': (string);
}
