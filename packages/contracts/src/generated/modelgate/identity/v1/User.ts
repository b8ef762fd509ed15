// Original file: proto/modelgate/identity/v1/user.proto

import type { Long } from '@grpc/proto-loader';

/**
 * User is a user as the /api contract shows it to the user themselves or to an admin. The
 * password (hash) is never part of it.
 */
export interface User {
  /**
   * Numeric id.
   */
  'id'?: (number | string | Long);
  /**
   * Login name, at most 12 characters at registration.
   */
  'username'?: (string);
  /**
   * Name shown in the console.
   */
  'display_name'?: (string);
  /**
   * 1 common user, 10 admin, 100 super admin.
   */
  'role'?: (number);
  /**
   * 1 enabled, 2 banned, 3 cannot be enabled.
   */
  'status'?: (number);
  /**
   * Bound email address, empty when none.
   */
  'email'?: (string);
  /**
   * Bound GitHub account id.
   */
  'github_id'?: (string);
  /**
   * Bound OIDC subject.
   */
  'oidc_id'?: (string);
  /**
   * Bound WeChat id.
   */
  'wechat_id'?: (string);
  /**
   * Bound Telegram id.
   */
  'telegram_id'?: (string);
  /**
   * Bound LinuxDO id.
   */
  'linux_do_id'?: (string);
  /**
   * System access token (self view only; empty in lists).
   */
  'access_token'?: (string);
  /**
   * Remaining balance in quota units.
   */
  'quota'?: (number | string | Long);
  /**
   * Quota spent so far.
   */
  'used_quota'?: (number | string | Long);
  /**
   * Requests billed so far.
   */
  'request_count'?: (number | string | Long);
  /**
   * The user's group (pricing and channel access).
   */
  'group'?: (string);
  /**
   * Invitation code others register with.
   */
  'aff_code'?: (string);
  /**
   * How many users registered with the invitation code.
   */
  'aff_count'?: (number);
  /**
   * Invitation rewards not yet moved to the balance.
   */
  'aff_quota'?: (number | string | Long);
  /**
   * Invitation rewards ever earned.
   */
  'aff_history_quota'?: (number | string | Long);
  /**
   * Who invited this user; 0 when nobody.
   */
  'inviter_id'?: (number | string | Long);
  /**
   * Unix seconds of (soft) deletion; 0 when not deleted.
   */
  'deleted_at'?: (number | string | Long);
  /**
   * Notification settings as JSON text (notify_type, quota_warning_threshold, webhook_url,
   * webhook_secret, notification_email).
   */
  'setting'?: (string);
}

/**
 * User is a user as the /api contract shows it to the user themselves or to an admin. The
 * password (hash) is never part of it.
 */
export interface User__Output {
  /**
   * Numeric id.
   */
  'id': (string);
  /**
   * Login name, at most 12 characters at registration.
   */
  'username': (string);
  /**
   * Name shown in the console.
   */
  'display_name': (string);
  /**
   * 1 common user, 10 admin, 100 super admin.
   */
  'role': (number);
  /**
   * 1 enabled, 2 banned, 3 cannot be enabled.
   */
  'status': (number);
  /**
   * Bound email address, empty when none.
   */
  'email': (string);
  /**
   * Bound GitHub account id.
   */
  'github_id': (string);
  /**
   * Bound OIDC subject.
   */
  'oidc_id': (string);
  /**
   * Bound WeChat id.
   */
  'wechat_id': (string);
  /**
   * Bound Telegram id.
   */
  'telegram_id': (string);
  /**
   * Bound LinuxDO id.
   */
  'linux_do_id': (string);
  /**
   * System access token (self view only; empty in lists).
   */
  'access_token': (string);
  /**
   * Remaining balance in quota units.
   */
  'quota': (string);
  /**
   * Quota spent so far.
   */
  'used_quota': (string);
  /**
   * Requests billed so far.
   */
  'request_count': (string);
  /**
   * The user's group (pricing and channel access).
   */
  'group': (string);
  /**
   * Invitation code others register with.
   */
  'aff_code': (string);
  /**
   * How many users registered with the invitation code.
   */
  'aff_count': (number);
  /**
   * Invitation rewards not yet moved to the balance.
   */
  'aff_quota': (string);
  /**
   * Invitation rewards ever earned.
   */
  'aff_history_quota': (string);
  /**
   * Who invited this user; 0 when nobody.
   */
  'inviter_id': (string);
  /**
   * Unix seconds of (soft) deletion; 0 when not deleted.
   */
  'deleted_at': (string);
  /**
   * Notification settings as JSON text (notify_type, quota_warning_threshold, webhook_url,
   * webhook_secret, notification_email).
   */
  'setting': (string);
}
