// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * AdjustUserQuotaRequest describes one balance change.
 */
export interface AdjustUserQuotaRequest {
  /**
   * The user whose balance changes.
   */
  'user_id'?: (number | string | Long);
  /**
   * Quota units to add; negative to deduct.
   */
  'delta'?: (number | string | Long);
  /**
   * Log type of the row written: 1 top-up, 3 management, 4 system.
   */
  'log_type'?: (number);
  /**
   * Log content, e.g. "管理员增加用户额度 $1.000000".
   */
  'log_content'?: (string);
  /**
   * Allow the balance to go below zero (an admin correcting a balance).
   */
  'allow_negative'?: (boolean);
  /**
   * The log row's structured `other` (JSON text), from which consoles word the row in their own
   * language; empty for none.
   */
  'log_other'?: (string);
}

/**
 * AdjustUserQuotaRequest describes one balance change.
 */
export interface AdjustUserQuotaRequest__Output {
  /**
   * The user whose balance changes.
   */
  'user_id': (string);
  /**
   * Quota units to add; negative to deduct.
   */
  'delta': (string);
  /**
   * Log type of the row written: 1 top-up, 3 management, 4 system.
   */
  'log_type': (number);
  /**
   * Log content, e.g. "管理员增加用户额度 $1.000000".
   */
  'log_content': (string);
  /**
   * Allow the balance to go below zero (an admin correcting a balance).
   */
  'allow_negative': (boolean);
  /**
   * The log row's structured `other` (JSON text), from which consoles word the row in their own
   * language; empty for none.
   */
  'log_other': (string);
}
