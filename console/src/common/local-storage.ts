/**
 * Every key the console keeps in local storage (spec §3 "Local storage keys"), in one place so a
 * key is never spelled twice. Values are strings; readers parse them.
 */
export const StorageKey = {
  user: 'user',
  status: 'status',
  systemName: 'system_name',
  logo: 'logo',
  footerHtml: 'footer_html',
  quotaPerUnit: 'quota_per_unit',
  displayInCurrency: 'display_in_currency',
  aff: 'aff',
  pageSize: 'page-size',
  themeMode: 'theme-mode',
  channelModels: 'channel_models',
  modelsExpanded: 'modelsExpanded',
  chats: 'chats',
  idSort: 'id-sort',
  mjNotifyEnabled: 'mj_notify_enabled',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  dataExportDefaultTime: 'data_export_default_time',
  docsLink: 'docs_link',
  language: 'i18nextLng',
  sidebarCollapsed: 'sidebar-collapsed',
  notice: 'notice',
} as const;

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

export function readStored(key: StorageKeyName | string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKeyName | string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the console keeps working from memory.
  }
}

/** A stored JSON value, or `fallback` when it is missing or not valid JSON. */
export function readStoredJson<T>(key: StorageKeyName | string, fallback: T): T {
  const text = readStored(key);
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
