// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UpdateSelfRequest carries the profile changes; an empty field is left unchanged.
 */
export interface UpdateSelfRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
  /**
   * New login name, 1–12 characters; empty keeps the current one.
   */
  'username'?: (string);
  /**
   * New display name, at most 20 characters; empty keeps the current one.
   */
  'display_name'?: (string);
  /**
   * New password, 8–20 characters; empty keeps the current one.
   */
  'password'?: (string);
  /**
   * The current password; required to change the username or the password (unless the
   * account has none yet), and when given it must match before anything changes.
   */
  'original_password'?: (string);
}

/**
 * UpdateSelfRequest carries the profile changes; an empty field is left unchanged.
 */
export interface UpdateSelfRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
  /**
   * New login name, 1–12 characters; empty keeps the current one.
   */
  'username': (string);
  /**
   * New display name, at most 20 characters; empty keeps the current one.
   */
  'display_name': (string);
  /**
   * New password, 8–20 characters; empty keeps the current one.
   */
  'password': (string);
  /**
   * The current password; required to change the username or the password (unless the
   * account has none yet), and when given it must match before anything changes.
   */
  'original_password': (string);
}
