import { formatPlainDateTime, parsePlainDateTime, toUnixSeconds } from '../../common/dates';
import type { FieldErrors } from '../../common/forms/field-spec';
import i18n from '../../i18n';
import type { Token, TokenSettings } from './tokens-api';

/** The token editor's values as typed (spec §3 Token, §5 Tokens, §9 presets). */
export type TokenFormValues = {
  name: string;
  /** `yyyy-MM-dd HH:mm:ss`, or `-1` for never. */
  expiry: string;
  /** Quota units, as typed. */
  quota: string;
  unlimited: boolean;
  limitModels: boolean;
  models: string[];
  allowIps: string;
  group: string;
  /** Requests per minute, as typed; 0 or empty for no limit. */
  rpm: string;
  /** Tokens per minute, as typed; 0 or empty for no limit. */
  tpm: string;
  /** How many tokens to create (create only). */
  count: string;
};

export const NEVER_EXPIRES = '-1';
/** Longest token name the server accepts, in characters. */
export const MAX_NAME_LENGTH = 30;
/** Largest batch the server creates at once. */
export const MAX_BATCH = 100;
export const DEFAULT_TOKEN_QUOTA = 500_000;
/** Largest requests and tokens per minute the server accepts for a token. */
export const MAX_TOKEN_RPM = 1_000_000;
export const MAX_TOKEN_TPM = 1_000_000_000;
/** Quota presets in quota units (spec §9): $1, $10, $50, $100, $500, $1000 at the default rate. */
export const QUOTA_PRESETS = [500_000, 5_000_000, 25_000_000, 50_000_000, 250_000_000, 500_000_000] as const;
export const BATCH_PRESETS = [10, 20, 30, 100] as const;

/** Expiry shortcuts (spec §9), in seconds from now; `null` is never. */
export const EXPIRY_SHORTCUTS = { never: null, hour: 3_600, day: 86_400, month: 30 * 86_400 } as const;
export type ExpiryShortcut = keyof typeof EXPIRY_SHORTCUTS;

export function expiryFromShortcut(shortcut: ExpiryShortcut, now = new Date()): string {
  const seconds = EXPIRY_SHORTCUTS[shortcut];
  return seconds === null ? NEVER_EXPIRES : formatPlainDateTime(new Date(now.getTime() + seconds * 1000));
}

export function newTokenValues(): TokenFormValues {
  return {
    name: '',
    expiry: NEVER_EXPIRES,
    quota: String(DEFAULT_TOKEN_QUOTA),
    unlimited: false,
    limitModels: false,
    models: [],
    allowIps: '',
    group: '',
    rpm: '0',
    tpm: '0',
    count: '1',
  };
}

/** The editor's values for a loaded token. */
export function tokenValues(token: Token): TokenFormValues {
  return {
    name: token.name,
    expiry: token.expired_time === -1 ? NEVER_EXPIRES : formatPlainDateTime(new Date(token.expired_time * 1000)),
    quota: String(token.remain_quota),
    unlimited: token.unlimited_quota,
    limitModels: token.model_limits_enabled,
    models: token.model_limits.split(',').map((model) => model.trim()).filter(Boolean),
    allowIps: token.allow_ips,
    group: token.group,
    rpm: String(token.rate_limit_rpm ?? 0),
    tpm: String(token.rate_limit_tpm ?? 0),
    count: '1',
  };
}

function isWholeNumber(text: string): boolean {
  return /^\d+$/.test(text.trim());
}

/** The problems of the values, per field (spec §5 "Tokens"). */
export function validateToken(values: TokenFormValues, creating: boolean): FieldErrors<TokenFormValues> {
  const errors: FieldErrors<TokenFormValues> = {};
  const name = values.name.trim();
  if (!name) errors.name = i18n.t('token:validation.nameRequired');
  else if (Array.from(name).length > MAX_NAME_LENGTH) {
    errors.name = i18n.t('token:validation.nameTooLong', { max: MAX_NAME_LENGTH });
  }
  if (values.expiry.trim() !== NEVER_EXPIRES && !parsePlainDateTime(values.expiry)) {
    errors.expiry = i18n.t('token:validation.expiryFormat');
  }
  if (!values.unlimited && !isWholeNumber(values.quota)) errors.quota = i18n.t('token:validation.quota');
  for (const [field, max] of [['rpm', MAX_TOKEN_RPM], ['tpm', MAX_TOKEN_TPM]] as const) {
    const text = values[field].trim();
    if (text !== '' && (!isWholeNumber(text) || Number(text) > max)) errors[field] = i18n.t('token:validation.rateLimit', { max });
  }
  if (creating) {
    const count = Number(values.count.trim());
    if (!isWholeNumber(values.count) || count < 1) errors.count = i18n.t('token:validation.countPositive');
    else if (count > MAX_BATCH) errors.count = i18n.t('token:validation.countMax', { max: MAX_BATCH });
  }
  return errors;
}

/** The settings sent to the server; call only after `validateToken` found nothing. */
export function tokenSettings(values: TokenFormValues): TokenSettings {
  const expiry = values.expiry.trim();
  const date = expiry === NEVER_EXPIRES ? null : parsePlainDateTime(expiry);
  return {
    name: values.name.trim(),
    expired_time: date ? toUnixSeconds(date) : -1,
    remain_quota: isWholeNumber(values.quota) ? Number(values.quota.trim()) : 0,
    unlimited_quota: values.unlimited,
    model_limits_enabled: values.limitModels,
    model_limits: values.limitModels ? values.models.join(',') : '',
    allow_ips: values.allowIps
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n'),
    group: values.group,
    rate_limit_rpm: isWholeNumber(values.rpm) ? Number(values.rpm.trim()) : 0,
    rate_limit_tpm: isWholeNumber(values.tpm) ? Number(values.tpm.trim()) : 0,
  };
}
