// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * Redemption is one code as the console shows it.
 */
export interface Redemption {
  /**
   * The code's id.
   */
  'id'?: (number);
  /**
   * The admin who created it.
   */
  'user_id'?: (number);
  /**
   * The key a user redeems (32 hexadecimal characters).
   */
  'key'?: (string);
  /**
   * 1 unused, 2 disabled, 3 used.
   */
  'status'?: (number);
  /**
   * The admin's label, 1 to 20 characters.
   */
  'name'?: (string);
  /**
   * Quota units the code credits.
   */
  'quota'?: (number | string | Long);
  /**
   * Unix seconds of creation.
   */
  'created_time'?: (number | string | Long);
  /**
   * Unix seconds of redemption; 0 while unused.
   */
  'redeemed_time'?: (number | string | Long);
  /**
   * The user who redeemed it; 0 while unused.
   */
  'used_user_id'?: (number);
}

/**
 * Redemption is one code as the console shows it.
 */
export interface Redemption__Output {
  /**
   * The code's id.
   */
  'id': (number);
  /**
   * The admin who created it.
   */
  'user_id': (number);
  /**
   * The key a user redeems (32 hexadecimal characters).
   */
  'key': (string);
  /**
   * 1 unused, 2 disabled, 3 used.
   */
  'status': (number);
  /**
   * The admin's label, 1 to 20 characters.
   */
  'name': (string);
  /**
   * Quota units the code credits.
   */
  'quota': (string);
  /**
   * Unix seconds of creation.
   */
  'created_time': (string);
  /**
   * Unix seconds of redemption; 0 while unused.
   */
  'redeemed_time': (string);
  /**
   * The user who redeemed it; 0 while unused.
   */
  'used_user_id': (number);
}
