// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetUserQuotaRequest names the user whose balance is read.
 */
export interface GetUserQuotaRequest {
  /**
   * The user's numeric id.
   */
  'user_id'?: (number | string | Long);
}

/**
 * GetUserQuotaRequest names the user whose balance is read.
 */
export interface GetUserQuotaRequest__Output {
  /**
   * The user's numeric id.
   */
  'user_id': (string);
}
