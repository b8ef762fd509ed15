import { formatDisplayQuota, type TypedOptionReader, RedemptionStatus } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { RedemptionMessage } from './redemption-messages';

/** Longest name of a code, in characters (spec §9). */
export const MAX_REDEMPTION_NAME = 20;
/** Most codes one request creates (spec §9). */
export const MAX_REDEMPTION_BATCH = 100;
/** Largest quota of one code: $1 billion at the default QuotaPerUnit, far below 2^53. */
export const MAX_REDEMPTION_QUOTA = 500_000_000_000_000;

/** Length in characters (code points), as the reference counts runes. */
function characterCount(text: string): number {
  return [...text].length;
}

/** A name of 1 to 20 characters (trimmed), else the reference's message. */
export function redemptionName(name: string): string {
  const trimmed = name.trim();
  const length = characterCount(trimmed);
  if (length === 0 || length > MAX_REDEMPTION_NAME) {
    throw new ValidationError(RedemptionMessage.nameLength, { code: 'invalid_redemption_name' });
  }
  return trimmed;
}

/**
 * The name of new codes: the one given, or when empty the quota as the console shows it (e.g.
 * `$0.20`), as the reference console fills it in.
 */
export function newRedemptionName(name: string, quota: number, options: TypedOptionReader): string {
  return redemptionName(name.trim() === '' ? formatDisplayQuota(quota, options) : name);
}

/** A positive whole quota (an int64 field arrives as a decimal string). */
export function redemptionQuota(value: string | number): number {
  const quota = Number(value);
  if (!Number.isSafeInteger(quota) || quota <= 0) {
    throw new ValidationError(RedemptionMessage.quotaPositive, { code: 'invalid_redemption_quota' });
  }
  if (quota > MAX_REDEMPTION_QUOTA) {
    throw new ValidationError(RedemptionMessage.quotaTooLarge, { code: 'invalid_redemption_quota' });
  }
  return quota;
}

/** A batch size of 1 to 100. */
export function redemptionCount(count: number): number {
  if (!Number.isInteger(count) || count <= 0) {
    throw new ValidationError(RedemptionMessage.countPositive, { code: 'invalid_redemption_count' });
  }
  if (count > MAX_REDEMPTION_BATCH) {
    throw new ValidationError(RedemptionMessage.countTooLarge, { code: 'invalid_redemption_count' });
  }
  return count;
}

/** The statuses an admin may set: enabled (unused) or disabled. Used is only ever set by redeeming. */
export function settableRedemptionStatus(status: number): RedemptionStatus {
  if (status !== RedemptionStatus.Unused && status !== RedemptionStatus.Disabled) {
    throw new ValidationError(RedemptionMessage.invalidStatus, { code: 'invalid_redemption_status' });
  }
  return status;
}
