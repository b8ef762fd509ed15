import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { OAuthMessage } from './oauth-messages';
import type { ExternalProfile } from './redirect-providers';

/** Oldest widget sign-in accepted, in seconds (Telegram's recommendation: one day). */
export const TELEGRAM_MAX_AGE_S = 24 * 3600;
/** Clock skew tolerated for an `auth_date` slightly in the future. */
const FUTURE_SKEW_S = 300;
/** Bounds on what a widget sends: a handful of short fields. */
const MAX_FIELDS = 16;
const MAX_VALUE_LENGTH = 512;

function invalid(): ValidationError {
  return new ValidationError(OAuthMessage.invalidRequest, { code: 'telegram_invalid' });
}

/**
 * The HMAC Telegram signs login-widget data with: HMAC-SHA256, keyed with SHA256(bot token), over
 * every field but `hash` as `key=value` lines sorted by key.
 */
export function telegramHash(fields: Readonly<Record<string, string>>, botToken: string): string {
  const checkString = Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(checkString).digest('hex');
}

/**
 * Checks the widget's fields (shape, signature with the bot token, freshness of `auth_date`) and
 * returns the Telegram account they vouch for. A bad signature or malformed field is "无效的请求",
 * an `auth_date` older than a day (or in the future) asks the user to sign in again.
 */
export function verifyTelegramLogin(
  fields: Readonly<Record<string, string>>,
  botToken: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): ExternalProfile {
  // Without a bot token anyone could sign: refuse rather than check against SHA256('').
  if (botToken.trim() === '') {
    throw new PreconditionFailedError(OAuthMessage.notConfigured('Telegram'), { code: 'oauth_not_configured' });
  }
  const keys = Object.keys(fields);
  if (keys.length > MAX_FIELDS) throw invalid();
  for (const key of keys) {
    if (!/^[a-z_]{1,32}$/.test(key) || (fields[key] ?? '').length > MAX_VALUE_LENGTH) throw invalid();
  }
  const { id = '', auth_date: authDate = '', hash = '' } = fields;
  if (!/^\d{1,20}$/.test(id) || !/^\d{1,12}$/.test(authDate) || !/^[0-9a-f]{64}$/i.test(hash)) throw invalid();
  const expected = Buffer.from(telegramHash(fields, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash.toLowerCase(), 'hex'))) throw invalid();
  const age = nowSeconds - Number(authDate);
  if (age > TELEGRAM_MAX_AGE_S || age < -FUTURE_SKEW_S) {
    throw new PreconditionFailedError(OAuthMessage.telegramExpired, { code: 'telegram_auth_expired' });
  }
  const name = [fields.first_name, fields.last_name].filter((part) => part && part.trim() !== '').join(' ').trim();
  return { externalId: id, displayName: name || fields.username || 'Telegram User', email: '' };
}
