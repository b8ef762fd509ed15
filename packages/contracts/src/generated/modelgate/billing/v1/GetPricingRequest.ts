// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetPricingRequest names the caller, if signed in.
 */
export interface GetPricingRequest {
  /**
   * The signed-in user, whose group decides the usable groups; 0 when anonymous.
   */
  'user_id'?: (number | string | Long);
}

/**
 * GetPricingRequest names the caller, if signed in.
 */
export interface GetPricingRequest__Output {
  /**
   * The signed-in user, whose group decides the usable groups; 0 when anonymous.
   */
  'user_id': (string);
}
