// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from '../../../modelgate/identity/v1/User';
import type { Long } from '@grpc/proto-loader';

/**
 * ListUsersResponse is one page of users and the number of users matching in all.
 */
export interface ListUsersResponse {
  /**
   * The users of the page, highest id first, without access tokens.
   */
  'items'?: (_modelgate_identity_v1_User)[];
  /**
   * Users matching the filters on every page.
   */
  'total'?: (number | string | Long);
  /**
   * The page returned (1-based).
   */
  'page'?: (number);
  /**
   * The page size used.
   */
  'page_size'?: (number);
}

/**
 * ListUsersResponse is one page of users and the number of users matching in all.
 */
export interface ListUsersResponse__Output {
  /**
   * The users of the page, highest id first, without access tokens.
   */
  'items': (_modelgate_identity_v1_User__Output)[];
  /**
   * Users matching the filters on every page.
   */
  'total': (string);
  /**
   * The page returned (1-based).
   */
  'page': (number);
  /**
   * The page size used.
   */
  'page_size': (number);
}
