// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * AddUserQuotaRequest names the user and an admin's amount.
 */
export interface AddUserQuotaRequest {
  /**
   * The user whose balance changes.
   */
  'user_id'?: (number | string | Long);
  /**
   * Quota units to add; negative to deduct; not 0.
   */
  'delta'?: (number | string | Long);
}

/**
 * AddUserQuotaRequest names the user and an admin's amount.
 */
export interface AddUserQuotaRequest__Output {
  /**
   * The user whose balance changes.
   */
  'user_id': (string);
  /**
   * Quota units to add; negative to deduct; not 0.
   */
  'delta': (string);
}
