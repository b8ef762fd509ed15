// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GetAffCodeRequest names the signed-in user.
 */
export interface GetAffCodeRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
}

/**
 * GetAffCodeRequest names the signed-in user.
 */
export interface GetAffCodeRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
}
