/** How quota is shown (spec §9): in currency with `$` and 2 decimals, or as a shortened number. */
export interface QuotaDisplay {
  /** Quota units per US dollar (QuotaPerUnit, default 500000). */
  quotaPerUnit: number;
  displayInCurrency: boolean;
}

export const DEFAULT_QUOTA_PER_UNIT = 500_000;

/** 1e9 → "1.0B", 1e6 → "1.0M", 1e4 and above → "x.xk"; smaller numbers unchanged. */
export function renderNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size >= 1e9) return `${sign}${(size / 1e9).toFixed(1)}B`;
  if (size >= 1e6) return `${sign}${(size / 1e6).toFixed(1)}M`;
  if (size >= 1e4) return `${sign}${(size / 1e3).toFixed(1)}k`;
  return String(value);
}

/** Quota as the user reads it: `$1.00` in currency mode, otherwise `renderNumber`. */
export function renderQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (!display.displayInCurrency) return renderNumber(quota);
  const dollars = quota / (display.quotaPerUnit || DEFAULT_QUOTA_PER_UNIT);
  const sign = dollars < 0 ? '-' : '';
  return `${sign}$${Math.abs(dollars).toFixed(digits)}`;
}

/** Quota units → US dollars (no rounding). */
export function quotaToDollars(quota: number, display: Pick<QuotaDisplay, 'quotaPerUnit'>): number {
  return quota / (display.quotaPerUnit || DEFAULT_QUOTA_PER_UNIT);
}

/** US dollars → whole quota units. */
export function dollarsToQuota(dollars: number, display: Pick<QuotaDisplay, 'quotaPerUnit'>): number {
  return Math.round(dollars * (display.quotaPerUnit || DEFAULT_QUOTA_PER_UNIT));
}
