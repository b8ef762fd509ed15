// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ListUsersRequest selects one page of users.
 */
export interface ListUsersRequest {
  /**
   * The admin asking.
   */
  'actor_id'?: (number | string | Long);
  /**
   * 1-based page number.
   */
  'page'?: (number);
  /**
   * Users per page, 1 to 100.
   */
  'page_size'?: (number);
  /**
   * Empty for every user; else matched (case-insensitively, as a substring) against username,
   * email and display name, and, when it is a number, against the id.
   */
  'keyword'?: (string);
  /**
   * Empty for every group; else only users of exactly this group.
   */
  'group'?: (string);
}

/**
 * ListUsersRequest selects one page of users.
 */
export interface ListUsersRequest__Output {
  /**
   * The admin asking.
   */
  'actor_id': (string);
  /**
   * 1-based page number.
   */
  'page': (number);
  /**
   * Users per page, 1 to 100.
   */
  'page_size': (number);
  /**
   * Empty for every user; else matched (case-insensitively, as a substring) against username,
   * email and display name, and, when it is a number, against the id.
   */
  'keyword': (string);
  /**
   * Empty for every group; else only users of exactly this group.
   */
  'group': (string);
}
