// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SetUserQuotaRequest names the user and the balance an admin sets.
 */
export interface SetUserQuotaRequest {
  /**
   * The user whose balance is set.
   */
  'user_id'?: (number | string | Long);
  /**
   * The new balance in quota units; not negative.
   */
  'quota'?: (number | string | Long);
}

/**
 * SetUserQuotaRequest names the user and the balance an admin sets.
 */
export interface SetUserQuotaRequest__Output {
  /**
   * The user whose balance is set.
   */
  'user_id': (string);
  /**
   * The new balance in quota units; not negative.
   */
  'quota': (string);
}
