// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ListUsableGroupsRequest names the signed-in user.
 */
export interface ListUsableGroupsRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
}

/**
 * ListUsableGroupsRequest names the signed-in user.
 */
export interface ListUsableGroupsRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
}
