// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UpdateRedemptionRequest edits a code's name and quota.
 */
export interface UpdateRedemptionRequest {
  /**
   * The code's id.
   */
  'id'?: (number);
  /**
   * New label, 1 to 20 characters.
   */
  'name'?: (string);
  /**
   * New quota units; positive.
   */
  'quota'?: (number | string | Long);
}

/**
 * UpdateRedemptionRequest edits a code's name and quota.
 */
export interface UpdateRedemptionRequest__Output {
  /**
   * The code's id.
   */
  'id': (number);
  /**
   * New label, 1 to 20 characters.
   */
  'name': (string);
  /**
   * New quota units; positive.
   */
  'quota': (string);
}
