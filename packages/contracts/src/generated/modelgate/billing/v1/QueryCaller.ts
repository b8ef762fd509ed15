// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * QueryCaller says who asks and in which capacity.
 */
export interface QueryCaller {
  /**
   * The signed-in user asking.
   */
  'user_id'?: (number | string | Long);
  /**
   * That user's role as the edge read it for this request: 1 user, 10 admin, 100 super admin.
   */
  'role'?: (number);
  /**
   * True for the console's own-data endpoints (`/api/log/self`, `/api/data/self`): the answer is
   * limited to the caller's rows, whatever the role.
   */
  'self'?: (boolean);
}

/**
 * QueryCaller says who asks and in which capacity.
 */
export interface QueryCaller__Output {
  /**
   * The signed-in user asking.
   */
  'user_id': (string);
  /**
   * That user's role as the edge read it for this request: 1 user, 10 admin, 100 super admin.
   */
  'role': (number);
  /**
   * True for the console's own-data endpoints (`/api/log/self`, `/api/data/self`): the answer is
   * limited to the caller's rows, whatever the role.
   */
  'self': (boolean);
}
