import { UserEntity } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { type AccountDeps, announceUser, findLiveUser } from './account-deps';
import { AccountMessage } from './account-messages';
import { isEmailAddress, normaliseEmail } from './account-rules';

/** The `PUT /api/user/setting` body (spec §7). */
export interface NotificationSettings {
  notify_type: string;
  quota_warning_threshold: number;
  webhook_url: string;
  webhook_secret: string;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
}

/** Longest webhook URL and secret stored. */
const MAX_URL_LENGTH = 2048;
const MAX_SECRET_LENGTH = 256;
/** Keys of `users.setting` this form owns; any other key already stored is kept. */
const FORM_KEYS = [
  'notify_type',
  'quota_warning_threshold',
  'webhook_url',
  'webhook_secret',
  'notification_email',
  'accept_unset_model_ratio_model',
] as const;

function invalid(message: string, code: string): ValidationError {
  return new ValidationError(message, { code });
}

/**
 * Validates the notification form and returns the keys to store: the reference's checks
 * (`email` or `webhook`, a positive threshold, a URL for webhooks, an address for email), plus
 * that a webhook is https (spec §5) and an address is a real address.
 */
export function checkNotificationSettings(form: NotificationSettings): Record<string, unknown> {
  if (form.notify_type !== 'email' && form.notify_type !== 'webhook') {
    throw invalid(AccountMessage.invalidNotifyType, 'invalid_notify_type');
  }
  const threshold = form.quota_warning_threshold;
  if (!Number.isFinite(threshold) || threshold <= 0) throw invalid(AccountMessage.thresholdNotPositive, 'invalid_threshold');
  const stored: Record<string, unknown> = {
    notify_type: form.notify_type,
    quota_warning_threshold: threshold,
    accept_unset_model_ratio_model: form.accept_unset_model_ratio_model,
  };
  if (form.notify_type === 'webhook') {
    const url = form.webhook_url.trim();
    if (url === '') throw invalid(AccountMessage.webhookUrlRequired, 'webhook_url_required');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid(AccountMessage.webhookUrlInvalid, 'webhook_url_invalid');
    }
    if (url.length > MAX_URL_LENGTH || parsed.hostname === '') throw invalid(AccountMessage.webhookUrlInvalid, 'webhook_url_invalid');
    if (parsed.protocol !== 'https:') throw invalid(AccountMessage.webhookUrlNotHttps, 'webhook_url_not_https');
    stored.webhook_url = url;
    if (form.webhook_secret.length > MAX_SECRET_LENGTH) throw invalid(AccountMessage.webhookSecretTooLong, 'webhook_secret_too_long');
    if (form.webhook_secret !== '') stored.webhook_secret = form.webhook_secret;
  }
  const email = normaliseEmail(form.notification_email);
  if (form.notify_type === 'email' && email !== '') {
    if (!isEmailAddress(email)) throw invalid(AccountMessage.invalidEmail, 'invalid_notification_email');
    stored.notification_email = email;
  }
  return stored;
}

function parseSetting(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Stores the user's notification settings in `users.setting` (JSON text) and returns the text.
 * The form's keys are replaced as a whole (switching to email drops the webhook), other keys kept.
 */
export async function updateNotificationSettings(
  deps: AccountDeps,
  userId: number,
  form: NotificationSettings,
): Promise<string> {
  const values = checkNotificationSettings(form);
  const user = await findLiveUser(deps, userId);
  const setting = parseSetting(user.setting);
  for (const key of FORM_KEYS) delete setting[key];
  const text = JSON.stringify({ ...setting, ...values });
  await deps.dataSource.getRepository(UserEntity).update({ id: userId }, { setting: text });
  await announceUser(deps, userId, 'updated');
  return text;
}
