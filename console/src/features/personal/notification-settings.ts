import type { NotificationSettings } from './personal-api';

/** Low-balance warning presets in quota units (spec §9); the default is 500000. */
export const THRESHOLD_PRESETS = [100_000, 500_000, 1_000_000, 5_000_000] as const;
export const DEFAULT_THRESHOLD = 500_000;

/** The user's stored notification settings (`setting`, a JSON text), with defaults for what is missing. */
export function parseNotificationSettings(setting: string | undefined): NotificationSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = setting ? JSON.parse(setting) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // An unreadable setting starts from the defaults.
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const threshold = Number(stored.quota_warning_threshold);
  return {
    notify_type: stored.notify_type === 'webhook' ? 'webhook' : 'email',
    quota_warning_threshold: Number.isFinite(threshold) && threshold > 0 ? threshold : DEFAULT_THRESHOLD,
    webhook_url: text(stored.webhook_url),
    webhook_secret: text(stored.webhook_secret),
    notification_email: text(stored.notification_email),
    accept_unset_model_ratio_model: stored.accept_unset_model_ratio_model === true,
  };
}
