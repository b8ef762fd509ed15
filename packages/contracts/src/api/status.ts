import { z } from 'zod';

/**
 * `GET /api/status` (spec §3 "Public status"). `chats` is sent as the JSON array it is stored as
 * (an invalid stored value reads as an empty array); each entry maps a name to a URL template,
 * but the console checks each one before use, so it is typed as what it may really hold.
 */
export const statusJson = z.object({
  system_name: z.string(),
  logo: z.string(),
  footer_html: z.string(),
  quota_per_unit: z.number(),
  display_in_currency: z.boolean(),
  enable_drawing: z.boolean(),
  enable_task: z.boolean(),
  enable_data_export: z.boolean(),
  chats: z.array(z.unknown()),
  data_export_default_time: z.string(),
  default_collapse_sidebar: z.boolean(),
  mj_notify_enabled: z.boolean(),
  chat_link: z.string(),
  chat_link2: z.string(),
  docs_link: z.string(),
  version: z.string(),
  start_time: z.number(),
  email_verification: z.boolean(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  oidc_enabled: z.boolean(),
  oidc_client_id: z.string(),
  oidc_authorization_endpoint: z.string(),
  wechat_login: z.boolean(),
  wechat_qrcode: z.string(),
  telegram_oauth: z.boolean(),
  telegram_bot_name: z.string(),
  linuxdo_oauth: z.boolean(),
  linuxdo_client_id: z.string(),
  self_use_mode_enabled: z.boolean(),
  demo_site_enabled: z.boolean(),
  server_address: z.string(),
  top_up_link: z.string(),
  min_topup: z.number(),
  enable_online_topup: z.boolean(),
  price: z.number(),
  setup: z.boolean(),
  enable_batch_update: z.boolean(),
});

export type StatusJson = z.infer<typeof statusJson>;
