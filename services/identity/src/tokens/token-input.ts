import { isIP } from 'node:net';
import { TOKEN_NEVER_EXPIRES } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { MAX_QUOTA } from '../user-admin/user-input';
import {
  groupNotUsable,
  invalidAllowIp,
  modelLimitsTooLong,
  modelNameTooLong,
  TokenMessage,
  tooManyAllowIps,
} from './token-messages';

/** Longest token name (the reference's limit; the column holds more, for batch suffixes). */
export const MAX_TOKEN_NAME_LENGTH = 30;
/** Most tokens one create request makes (the console's largest batch preset). */
export const MAX_BATCH_COUNT = 100;
/** Latest expiry accepted: 9999-12-31 23:59:59 UTC (anything later is a unit mistake, e.g. ms). */
export const MAX_EXPIRED_TIME = 253_402_300_799;
/** Longest model name (the `abilities.model` column). */
export const MAX_MODEL_NAME_LENGTH = 255;
/** Longest model list, joined with commas. */
export const MAX_MODEL_LIMITS_LENGTH = 10_000;
/** Most lines of an IP allow list. */
export const MAX_ALLOW_IPS = 1_000;
/** Longest group name (the `tokens.group` column). */
export const MAX_GROUP_LENGTH = 64;

// Control characters (C0, DEL, C1), which do not belong in a name.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

function invalid(message: string, code: string): ValidationError {
  return new ValidationError(message, { code });
}

/** A valid token name: 1 to 30 characters (as a person counts them), no control characters. */
export function checkTokenName(name: string): string {
  if (name.trim() === '') throw invalid(TokenMessage.nameRequired, 'name_required');
  if ([...name].length > MAX_TOKEN_NAME_LENGTH) throw invalid(TokenMessage.nameTooLong, 'name_too_long');
  if (CONTROL.test(name)) throw invalid(TokenMessage.nameControl, 'invalid_name');
  return name;
}

/** An int64 field (a decimal string on the wire) as a safe integer, or undefined. */
function integerOf(value: string): number | undefined {
  const number = Number(value);
  return /^-?\d+$/.test(value) && Number.isSafeInteger(number) ? number : undefined;
}

/** An expiry: -1 (never) or unix seconds, in the past or the future, up to the year 9999. */
export function checkExpiredTime(value: string): number {
  const seconds = integerOf(value);
  if (seconds === TOKEN_NEVER_EXPIRES) return seconds;
  if (seconds === undefined || seconds <= 0 || seconds > MAX_EXPIRED_TIME) {
    throw invalid(TokenMessage.invalidExpiry, 'invalid_expired_time');
  }
  return seconds;
}

/** A token budget in quota units: 0 to {@link MAX_QUOTA}. */
export function checkRemainQuota(value: string): number {
  const quota = integerOf(value);
  if (quota !== undefined && quota < 0) throw invalid(TokenMessage.negativeQuota, 'invalid_remain_quota');
  if (quota === undefined || quota > MAX_QUOTA) throw invalid(TokenMessage.quotaTooLarge, 'invalid_remain_quota');
  return quota;
}

/** Largest requests per minute a token may be given. */
export const MAX_TOKEN_RPM = 1_000_000;
/** Largest tokens per minute a token may be given. */
export const MAX_TOKEN_TPM = 1_000_000_000;

/** A per-token limit (`rate_limit_rpm`, `rate_limit_tpm`): 0 (no limit) to `max`. */
export function checkRateLimit(field: 'rate_limit_rpm' | 'rate_limit_tpm', value: number): number {
  const max = field === 'rate_limit_rpm' ? MAX_TOKEN_RPM : MAX_TOKEN_TPM;
  if (!Number.isInteger(value) || value < 0 || value > max) throw invalid(TokenMessage.invalidRateLimit(field, max), `invalid_${field}`);
  return value;
}

/** How many tokens to create: 1 to 100; 0 (not given) means 1. */
export function checkBatchCount(count: number): number {
  if (count === 0) return 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH_COUNT) {
    throw invalid(TokenMessage.invalidCount, 'invalid_count');
  }
  return count;
}

/**
 * A model list as stored: names trimmed, empty entries and repeats dropped, joined with commas.
 * Each name at most 255 characters, the list at most 10 000.
 */
export function normalizeModelLimits(text: string): string {
  const names = [...new Set(text.split(',').map((name) => name.trim()).filter((name) => name !== ''))];
  for (const name of names) {
    if (name.length > MAX_MODEL_NAME_LENGTH) throw invalid(modelNameTooLong(MAX_MODEL_NAME_LENGTH), 'invalid_model_limits');
  }
  const joined = names.join(',');
  if (joined.length > MAX_MODEL_LIMITS_LENGTH) {
    throw invalid(modelLimitsTooLong(MAX_MODEL_LIMITS_LENGTH), 'invalid_model_limits');
  }
  return joined;
}

/** True for `address` or `address/prefix` with a prefix that fits the address family. */
export function isAddressOrRange(entry: string): boolean {
  const parts = entry.split('/');
  if (parts.length > 2) return false;
  const [address = '', prefix] = parts;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * An IP allow list as stored: one IPv4/IPv6 address or CIDR range per line, lines trimmed,
 * empty lines dropped. A line that is neither is refused with its line number, so the token never
 * silently allows less (or more) than its owner wrote.
 */
export function normalizeAllowIps(text: string): string {
  const entries: string[] = [];
  const lines = text.split(/\r?\n|\r/);
  for (const [index, raw] of lines.entries()) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (!isAddressOrRange(entry)) throw invalid(invalidAllowIp(index + 1, [...entry].slice(0, 64).join('')), 'invalid_allow_ips');
    entries.push(entry);
  }
  if (entries.length > MAX_ALLOW_IPS) throw invalid(tooManyAllowIps(MAX_ALLOW_IPS), 'invalid_allow_ips');
  return entries.join('\n');
}

/**
 * A token's group: empty (the owner's own group) or one of `usable`, the groups the owner may
 * pick (UserUsableGroups plus their own group).
 */
export function checkTokenGroup(group: string, usable: readonly string[]): string {
  if (group === '') return group;
  if ([...group].length > MAX_GROUP_LENGTH) throw invalid(TokenMessage.groupTooLong, 'invalid_group');
  if (!usable.includes(group)) throw invalid(groupNotUsable(group), 'group_not_usable');
  return group;
}
