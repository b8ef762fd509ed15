import type { OptionKeyOf } from '@modelgate/contracts/options';
import type { TypedOptionReader } from '../options/option-store';

/**
 * The public status: what the console and anonymous clients learn about this installation
 * before signing in (spec §3 "Public status"). Field names are the wire names of `/api/status`.
 */
export interface PublicStatus {
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  /** JSON text: an array of `{ "<client name>": "<link template>" }`. */
  chats: string;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chat_link: string;
  chat_link2: string;
  docs_link: string;
  version: string;
  start_time: number;
  email_verification: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  github_oauth: boolean;
  github_client_id: string;
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  server_address: string;
  top_up_link: string;
  min_topup: number;
  enable_online_topup: boolean;
  price: number;
}

/** Where the process-level values of the status come from. */
export interface StatusContext {
  version: string;
  /** Unix seconds when this service started. */
  startTime: number;
}

/** Builds the public status from the current options; pure, so every field is unit-tested. */
export function buildPublicStatus(options: TypedOptionReader, context: StatusContext): PublicStatus {
  const text = (key: OptionKeyOf<string>) => options.value(key);
  const flag = (key: OptionKeyOf<boolean>) => options.value(key);
  /** A numeric option; its registry default when the stored text does not fit its rule. */
  const number = (key: OptionKeyOf<number>) => options.value(key);
  return {
    system_name: text('SystemName'),
    logo: text('Logo'),
    footer_html: text('Footer'),
    quota_per_unit: number('QuotaPerUnit'),
    display_in_currency: flag('DisplayInCurrencyEnabled'),
    enable_drawing: flag('DrawingEnabled'),
    enable_task: flag('TaskEnabled'),
    enable_data_export: flag('DataExportEnabled'),
    // Served as stored: the console reads the JSON text.
    chats: options.get('Chats') || '[]',
    data_export_default_time: text('DataExportDefaultTime'),
    default_collapse_sidebar: flag('DefaultCollapseSidebar'),
    mj_notify_enabled: flag('MjNotifyEnabled'),
    // ChatLink and ChatLink2 are the reference's, not options of ours: they read as '' unless a
    // row of an older version holds them.
    chat_link: options.get('ChatLink'),
    chat_link2: options.get('ChatLink2'),
    docs_link: text('general_setting.docs_link'),
    version: context.version,
    start_time: context.startTime,
    email_verification: flag('EmailVerificationEnabled'),
    turnstile_check: flag('TurnstileCheckEnabled'),
    turnstile_site_key: text('TurnstileSiteKey'),
    github_oauth: flag('GitHubOAuthEnabled'),
    github_client_id: text('GitHubClientId'),
    oidc_enabled: flag('oidc.enabled'),
    oidc_client_id: text('oidc.client_id'),
    oidc_authorization_endpoint: text('oidc.authorization_endpoint'),
    wechat_login: flag('WeChatAuthEnabled'),
    wechat_qrcode: text('WeChatAccountQRCodeImageURL'),
    telegram_oauth: flag('TelegramOAuthEnabled'),
    telegram_bot_name: text('TelegramBotName'),
    linuxdo_oauth: flag('LinuxDOOAuthEnabled'),
    linuxdo_client_id: text('LinuxDOClientId'),
    self_use_mode_enabled: flag('SelfUseModeEnabled'),
    demo_site_enabled: flag('DemoSiteEnabled'),
    server_address: text('ServerAddress'),
    top_up_link: text('TopUpLink'),
    min_topup: number('MinTopUp'),
    // Online top-up needs the whole gateway configuration, not just its address.
    enable_online_topup: text('PayAddress') !== '' && text('EpayId') !== '' && text('EpayKey') !== '',
    price: number('Price'),
  };
}
