import { Intent } from '@blueprintjs/core';
import type { FieldErrors } from '../../common/forms/field-spec';
import { type QuotaDisplay, renderQuota } from '../../common/quota';
import i18n from '../../i18n';
import type { Redemption } from './redemptions-api';

/** Redemption status (spec §4): 1 unused, 2 disabled, 3 used. */
export const RedemptionStatus = { unused: 1, disabled: 2, used: 3 } as const;

export type StatusLabel = 'unused' | 'disabled' | 'used' | 'unknown';

export function statusLabel(status: number): StatusLabel {
  if (status === RedemptionStatus.unused) return 'unused';
  if (status === RedemptionStatus.disabled) return 'disabled';
  if (status === RedemptionStatus.used) return 'used';
  return 'unknown';
}

export function statusIntent(status: number): Intent {
  if (status === RedemptionStatus.unused) return Intent.SUCCESS;
  if (status === RedemptionStatus.disabled) return Intent.DANGER;
  return Intent.NONE;
}

/** Only an unused code can be edited (spec §4). */
export function canEdit(code: Pick<Redemption, 'status'>): boolean {
  return code.status === RedemptionStatus.unused;
}

/** What the enable/disable button does: unused codes are disabled, others enabled unless used. */
export function statusToggle(code: Pick<Redemption, 'status'>): { next: number; blocked: boolean } {
  if (code.status === RedemptionStatus.unused) return { next: RedemptionStatus.disabled, blocked: false };
  return { next: RedemptionStatus.unused, blocked: code.status === RedemptionStatus.used };
}

/** The editor's values as typed (spec §5 "Tokens and redemption", §9). */
export type RedemptionFormValues = {
  name: string;
  /** Quota units, as typed. */
  quota: string;
  /** How many codes to create (create only). */
  count: string;
};

export const MAX_NAME_LENGTH = 20;
export const MAX_BATCH = 100;
export const DEFAULT_REDEMPTION_QUOTA = 100_000;
/** Quota presets: the same as tokens' (spec §9). */
export { QUOTA_PRESETS } from '../tokens/token-form';
/** Largest quota a code may carry (kept within exact JSON integers). */
const MAX_QUOTA = 1e15;

export function newRedemptionValues(): RedemptionFormValues {
  return { name: '', quota: String(DEFAULT_REDEMPTION_QUOTA), count: '1' };
}

export function redemptionValues(code: Redemption): RedemptionFormValues {
  return { name: code.name, quota: String(code.quota), count: '1' };
}

/** A whole number as typed, or null. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,16}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The name a new batch gets when none is typed: its quota as the console shows it. */
export function defaultName(values: RedemptionFormValues, display: QuotaDisplay): string {
  const quota = parseWhole(values.quota);
  return quota === null ? '' : renderQuota(quota, display);
}

/** The problems of the values, per field. An empty name is fine on create (it gets the default). */
export function validateRedemption(values: RedemptionFormValues, creating: boolean): FieldErrors<RedemptionFormValues> {
  const errors: FieldErrors<RedemptionFormValues> = {};
  const nameLength = Array.from(values.name.trim()).length;
  if ((nameLength === 0 && !creating) || nameLength > MAX_NAME_LENGTH) {
    errors.name = i18n.t('redemption:validation.nameLength', { max: MAX_NAME_LENGTH });
  }
  const quota = parseWhole(values.quota);
  if (quota === null || quota <= 0 || quota > MAX_QUOTA) errors.quota = i18n.t('redemption:validation.quota');
  if (creating) {
    const count = parseWhole(values.count);
    if (count === null || count < 1) errors.count = i18n.t('redemption:validation.countPositive');
    else if (count > MAX_BATCH) errors.count = i18n.t('redemption:validation.countMax', { max: MAX_BATCH });
  }
  return errors;
}
