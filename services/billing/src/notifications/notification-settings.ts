/** How a user wants to be told about their quota (`users.setting`, product spec §3 "User"). */
export interface NotificationSettings {
  /** `email` (the default) or `webhook`. */
  notifyType: 'email' | 'webhook';
  /** The user's own low-quota threshold; undefined when not set (the `QuotaRemindThreshold` option applies). */
  threshold?: number;
  webhookUrl: string;
  webhookSecret: string;
  /** Where notices go instead of the account's email; empty for the account's. */
  notificationEmail: string;
}

const stringOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Reads the notification settings out of the user's `setting` JSON text. Identity validates
 * the form before storing it; anything else found here (an older or hand-edited value) falls
 * back to the defaults rather than failing a notice.
 */
export function notificationSettingsOf(settingText: string): NotificationSettings {
  let setting: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(settingText);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) setting = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: no settings.
  }
  const threshold = Number(setting.quota_warning_threshold);
  return {
    notifyType: setting.notify_type === 'webhook' ? 'webhook' : 'email',
    ...(Number.isFinite(threshold) && threshold > 0 && { threshold }),
    webhookUrl: stringOf(setting.webhook_url),
    webhookSecret: typeof setting.webhook_secret === 'string' ? setting.webhook_secret : '',
    notificationEmail: stringOf(setting.notification_email),
  };
}
