// Original file: proto/modelgate/identity/v1/identity_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * PublicStatus is everything an anonymous visitor may know about the deployment. Field names are
 * the JSON keys of `GET /api/status`.
 */
export interface PublicStatus {
  /**
   * Display name of the system.
   */
  'system_name'?: (string);
  /**
   * Logo URL; empty for the default logo.
   */
  'logo'?: (string);
  /**
   * Footer HTML; empty for the default footer.
   */
  'footer_html'?: (string);
  /**
   * Quota units per one currency unit (500000 by default).
   */
  'quota_per_unit'?: (number | string);
  /**
   * Whether amounts are shown in currency rather than quota units.
   */
  'display_in_currency'?: (boolean);
  /**
   * Whether the drawing (image task) features are on.
   */
  'enable_drawing'?: (boolean);
  /**
   * Whether the music/lyrics task features are on.
   */
  'enable_task'?: (boolean);
  /**
   * Whether the data dashboard is on.
   */
  'enable_data_export'?: (boolean);
  /**
   * Chat client deep links as JSON text: an array of objects each mapping a name to a link template.
   */
  'chats'?: (string);
  /**
   * Default granularity of the data dashboard: "hour", "day" or "week".
   */
  'data_export_default_time'?: (string);
  /**
   * Whether the console sidebar starts collapsed.
   */
  'default_collapse_sidebar'?: (boolean);
  /**
   * Whether drawing-task notifications are on.
   */
  'mj_notify_enabled'?: (boolean);
  /**
   * Primary external chat link; empty when unset.
   */
  'chat_link'?: (string);
  /**
   * Secondary external chat link; empty when unset.
   */
  'chat_link2'?: (string);
  /**
   * Documentation link; empty when unset.
   */
  'docs_link'?: (string);
  /**
   * Server version string.
   */
  'version'?: (string);
  /**
   * When the server process started, Unix seconds.
   */
  'start_time'?: (number | string | Long);
  /**
   * Whether registration requires email verification.
   */
  'email_verification'?: (boolean);
  /**
   * Whether the human-check (Turnstile) widget guards sign-in forms.
   */
  'turnstile_check'?: (boolean);
  /**
   * Turnstile site key; empty when the check is off.
   */
  'turnstile_site_key'?: (string);
  /**
   * Whether GitHub sign-in is on.
   */
  'github_oauth'?: (boolean);
  /**
   * GitHub OAuth client id.
   */
  'github_client_id'?: (string);
  /**
   * Whether OIDC sign-in is on.
   */
  'oidc_enabled'?: (boolean);
  /**
   * OIDC client id.
   */
  'oidc_client_id'?: (string);
  /**
   * OIDC authorization endpoint URL.
   */
  'oidc_authorization_endpoint'?: (string);
  /**
   * Whether WeChat code sign-in is on.
   */
  'wechat_login'?: (boolean);
  /**
   * URL of the WeChat account QR code image.
   */
  'wechat_qrcode'?: (string);
  /**
   * Whether Telegram sign-in is on.
   */
  'telegram_oauth'?: (boolean);
  /**
   * Telegram bot name for the login widget.
   */
  'telegram_bot_name'?: (string);
  /**
   * Whether LinuxDO sign-in is on.
   */
  'linuxdo_oauth'?: (boolean);
  /**
   * LinuxDO OAuth client id.
   */
  'linuxdo_client_id'?: (string);
  /**
   * Whether self-use mode (no pricing required) is on.
   */
  'self_use_mode_enabled'?: (boolean);
  /**
   * Whether this is a demo site.
   */
  'demo_site_enabled'?: (boolean);
  /**
   * Public base URL of the server.
   */
  'server_address'?: (string);
  /**
   * External top-up link; empty when unset.
   */
  'top_up_link'?: (string);
  /**
   * Smallest online top-up amount, in units.
   */
  'min_topup'?: (number | string | Long);
  /**
   * Whether online top-up is configured (payment address, merchant id and key all set).
   */
  'enable_online_topup'?: (boolean);
  /**
   * Price of one top-up unit in currency.
   */
  'price'?: (number | string);
  /**
   * Whether the initial setup has been completed.
   */
  'setup'?: (boolean);
  /**
   * Whether batched quota updates are on.
   */
  'enable_batch_update'?: (boolean);
}

/**
 * PublicStatus is everything an anonymous visitor may know about the deployment. Field names are
 * the JSON keys of `GET /api/status`.
 */
export interface PublicStatus__Output {
  /**
   * Display name of the system.
   */
  'system_name': (string);
  /**
   * Logo URL; empty for the default logo.
   */
  'logo': (string);
  /**
   * Footer HTML; empty for the default footer.
   */
  'footer_html': (string);
  /**
   * Quota units per one currency unit (500000 by default).
   */
  'quota_per_unit': (number);
  /**
   * Whether amounts are shown in currency rather than quota units.
   */
  'display_in_currency': (boolean);
  /**
   * Whether the drawing (image task) features are on.
   */
  'enable_drawing': (boolean);
  /**
   * Whether the music/lyrics task features are on.
   */
  'enable_task': (boolean);
  /**
   * Whether the data dashboard is on.
   */
  'enable_data_export': (boolean);
  /**
   * Chat client deep links as JSON text: an array of objects each mapping a name to a link template.
   */
  'chats': (string);
  /**
   * Default granularity of the data dashboard: "hour", "day" or "week".
   */
  'data_export_default_time': (string);
  /**
   * Whether the console sidebar starts collapsed.
   */
  'default_collapse_sidebar': (boolean);
  /**
   * Whether drawing-task notifications are on.
   */
  'mj_notify_enabled': (boolean);
  /**
   * Primary external chat link; empty when unset.
   */
  'chat_link': (string);
  /**
   * Secondary external chat link; empty when unset.
   */
  'chat_link2': (string);
  /**
   * Documentation link; empty when unset.
   */
  'docs_link': (string);
  /**
   * Server version string.
   */
  'version': (string);
  /**
   * When the server process started, Unix seconds.
   */
  'start_time': (string);
  /**
   * Whether registration requires email verification.
   */
  'email_verification': (boolean);
  /**
   * Whether the human-check (Turnstile) widget guards sign-in forms.
   */
  'turnstile_check': (boolean);
  /**
   * Turnstile site key; empty when the check is off.
   */
  'turnstile_site_key': (string);
  /**
   * Whether GitHub sign-in is on.
   */
  'github_oauth': (boolean);
  /**
   * GitHub OAuth client id.
   */
  'github_client_id': (string);
  /**
   * Whether OIDC sign-in is on.
   */
  'oidc_enabled': (boolean);
  /**
   * OIDC client id.
   */
  'oidc_client_id': (string);
  /**
   * OIDC authorization endpoint URL.
   */
  'oidc_authorization_endpoint': (string);
  /**
   * Whether WeChat code sign-in is on.
   */
  'wechat_login': (boolean);
  /**
   * URL of the WeChat account QR code image.
   */
  'wechat_qrcode': (string);
  /**
   * Whether Telegram sign-in is on.
   */
  'telegram_oauth': (boolean);
  /**
   * Telegram bot name for the login widget.
   */
  'telegram_bot_name': (string);
  /**
   * Whether LinuxDO sign-in is on.
   */
  'linuxdo_oauth': (boolean);
  /**
   * LinuxDO OAuth client id.
   */
  'linuxdo_client_id': (string);
  /**
   * Whether self-use mode (no pricing required) is on.
   */
  'self_use_mode_enabled': (boolean);
  /**
   * Whether this is a demo site.
   */
  'demo_site_enabled': (boolean);
  /**
   * Public base URL of the server.
   */
  'server_address': (string);
  /**
   * External top-up link; empty when unset.
   */
  'top_up_link': (string);
  /**
   * Smallest online top-up amount, in units.
   */
  'min_topup': (string);
  /**
   * Whether online top-up is configured (payment address, merchant id and key all set).
   */
  'enable_online_topup': (boolean);
  /**
   * Price of one top-up unit in currency.
   */
  'price': (number);
  /**
   * Whether the initial setup has been completed.
   */
  'setup': (boolean);
  /**
   * Whether batched quota updates are on.
   */
  'enable_batch_update': (boolean);
}
