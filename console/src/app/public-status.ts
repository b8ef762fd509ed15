import type { StatusJson } from '@modelgate/contracts/api';
import { readStored, readStoredJson, StorageKey, writeStored } from '../common/local-storage';

/**
 * `GET /api/status` (spec §3 "Public status"), as the `/api` contract declares it. `chats` holds
 * whatever array is stored; `features/chat/chat-links` checks each entry before use.
 */
export type PublicStatus = StatusJson;

export const DEFAULT_STATUS: PublicStatus = {
  system_name: 'Modelgate',
  logo: '',
  footer_html: '',
  quota_per_unit: 500_000,
  display_in_currency: true,
  enable_drawing: false,
  enable_task: false,
  enable_data_export: false,
  chats: [],
  data_export_default_time: 'hour',
  default_collapse_sidebar: false,
  mj_notify_enabled: false,
  chat_link: '',
  chat_link2: '',
  docs_link: '',
  version: '',
  start_time: 0,
  email_verification: false,
  turnstile_check: false,
  turnstile_site_key: '',
  github_oauth: false,
  github_client_id: '',
  oidc_enabled: false,
  oidc_client_id: '',
  oidc_authorization_endpoint: '',
  wechat_login: false,
  wechat_qrcode: '',
  telegram_oauth: false,
  telegram_bot_name: '',
  linuxdo_oauth: false,
  linuxdo_client_id: '',
  self_use_mode_enabled: false,
  demo_site_enabled: false,
  server_address: '',
  top_up_link: '',
  min_topup: 1,
  enable_online_topup: false,
  price: 7.3,
  setup: true,
  enable_batch_update: false,
};

/** The status saved by the last load, so the first paint of a reload already has the flags. */
export function cachedStatus(): PublicStatus {
  return { ...DEFAULT_STATUS, ...readStoredJson<Partial<PublicStatus>>(StorageKey.status, {}) };
}

/**
 * Saves a fresh status: the whole object under `status` and the fields the spec lists under
 * their own keys (spec §3 "Local storage keys"). Empty docs and chat links are removed.
 */
export function storeStatus(status: PublicStatus): void {
  writeStored(StorageKey.status, JSON.stringify(status));
  writeStored(StorageKey.systemName, status.system_name);
  writeStored(StorageKey.logo, status.logo);
  writeStored(StorageKey.footerHtml, status.footer_html);
  writeStored(StorageKey.quotaPerUnit, String(status.quota_per_unit));
  writeStored(StorageKey.displayInCurrency, String(status.display_in_currency));
  writeStored(StorageKey.enableDrawing, String(status.enable_drawing));
  writeStored(StorageKey.enableTask, String(status.enable_task));
  writeStored(StorageKey.enableDataExport, String(status.enable_data_export));
  writeStored(StorageKey.chats, JSON.stringify(status.chats ?? []));
  writeStored(StorageKey.dataExportDefaultTime, status.data_export_default_time);
  writeStored(StorageKey.mjNotifyEnabled, String(status.mj_notify_enabled));
  writeStored(StorageKey.docsLink, status.docs_link || null);
  writeStored('chat_link', null);
  writeStored('chat_link2', null);
  // The sidebar's own choice wins once the user has made one.
  if (readStored(StorageKey.sidebarCollapsed) === null) {
    writeStored(StorageKey.defaultCollapseSidebar, String(status.default_collapse_sidebar));
  }
}
