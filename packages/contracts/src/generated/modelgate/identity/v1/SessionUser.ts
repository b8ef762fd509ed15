// Original file: proto/modelgate/identity/v1/identity_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SessionUser is what a service needs to serve a signed-in user. Their balance is billing's
 * (`BillingService.GetUserQuota`).
 */
export interface SessionUser {
  /**
   * The user's id.
   */
  'id'?: (number | string | Long);
  /**
   * Login name.
   */
  'username'?: (string);
  /**
   * The user's own group; empty when the user has none (the default group then applies).
   */
  'group'?: (string);
  /**
   * Role: 1 user, 10 admin, 100 super admin.
   */
  'role'?: (number);
  /**
   * Status: 1 enabled (a disabled user is refused, never returned).
   */
  'status'?: (number);
}

/**
 * SessionUser is what a service needs to serve a signed-in user. Their balance is billing's
 * (`BillingService.GetUserQuota`).
 */
export interface SessionUser__Output {
  /**
   * The user's id.
   */
  'id': (string);
  /**
   * Login name.
   */
  'username': (string);
  /**
   * The user's own group; empty when the user has none (the default group then applies).
   */
  'group': (string);
  /**
   * Role: 1 user, 10 admin, 100 super admin.
   */
  'role': (number);
  /**
   * Status: 1 enabled (a disabled user is refused, never returned).
   */
  'status': (number);
}
