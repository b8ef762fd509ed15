// Original file: proto/modelgate/identity/v1/oauth_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SignInWithTelegramRequest carries the Telegram login widget's fields.
 */
export interface SignInWithTelegramRequest {
  /**
   * Every field the widget sent (id, first_name, last_name, username, photo_url, auth_date, hash…).
   */
  'fields'?: ({[key: string]: string});
  /**
   * The signed-in user to bind the Telegram account to; 0 to sign in (or register).
   */
  'bind_user_id'?: (number | string | Long);
}

/**
 * SignInWithTelegramRequest carries the Telegram login widget's fields.
 */
export interface SignInWithTelegramRequest__Output {
  /**
   * Every field the widget sent (id, first_name, last_name, username, photo_url, auth_date, hash…).
   */
  'fields': ({[key: string]: string});
  /**
   * The signed-in user to bind the Telegram account to; 0 to sign in (or register).
   */
  'bind_user_id': (string);
}
