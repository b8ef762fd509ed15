// Original file: proto/modelgate/identity/v1/account_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * UpdateSettingRequest carries the notification settings (the `/api/user/setting` body).
 */
export interface UpdateSettingRequest {
  /**
   * The signed-in user's id.
   */
  'user_id'?: (number | string | Long);
  /**
   * "email" or "webhook".
   */
  'notify_type'?: (string);
  /**
   * Quota below which a warning is sent; greater than 0.
   */
  'quota_warning_threshold'?: (number | string);
  /**
   * https URL the webhook is posted to; required for "webhook".
   */
  'webhook_url'?: (string);
  /**
   * Secret sent with the webhook; optional.
   */
  'webhook_secret'?: (string);
  /**
   * Address for email warnings; empty means the account's email.
   */
  'notification_email'?: (string);
  /**
   * Whether requests for models without a configured price are accepted.
   */
  'accept_unset_model_ratio_model'?: (boolean);
}

/**
 * UpdateSettingRequest carries the notification settings (the `/api/user/setting` body).
 */
export interface UpdateSettingRequest__Output {
  /**
   * The signed-in user's id.
   */
  'user_id': (string);
  /**
   * "email" or "webhook".
   */
  'notify_type': (string);
  /**
   * Quota below which a warning is sent; greater than 0.
   */
  'quota_warning_threshold': (number);
  /**
   * https URL the webhook is posted to; required for "webhook".
   */
  'webhook_url': (string);
  /**
   * Secret sent with the webhook; optional.
   */
  'webhook_secret': (string);
  /**
   * Address for email warnings; empty means the account's email.
   */
  'notification_email': (string);
  /**
   * Whether requests for models without a configured price are accepted.
   */
  'accept_unset_model_ratio_model': (boolean);
}
