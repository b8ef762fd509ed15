import type { TypedOptionReader } from './option-cache';

/** QuotaPerUnit from the options (above 0; the default when the stored text is not). */
export function quotaPerUnitOf(options: TypedOptionReader): number {
  return options.value('QuotaPerUnit');
}

/** Whether amounts are shown in dollars (DisplayInCurrencyEnabled) rather than quota units. */
export function displaysInCurrency(options: TypedOptionReader): boolean {
  return options.value('DisplayInCurrencyEnabled');
}

/**
 * An amount of quota as log contents show it, like the reference's `LogQuota`: dollars with six
 * decimals when DisplayInCurrencyEnabled is on (`＄1.000000 额度`), else raw units (`500000 点额度`).
 */
export function formatLogQuota(quota: number, options: TypedOptionReader): string {
  if (!displaysInCurrency(options)) return `${quota} 点额度`;
  return `＄${(quota / quotaPerUnitOf(options)).toFixed(6)} 额度`;
}

/**
 * An amount of quota as the console shows it (spec §9): a dollar sign and two decimals when
 * DisplayInCurrencyEnabled is on (`$0.20`), else the number with a k, M or B shorthand from ten
 * thousand on (`100.0k`, `2.5M`).
 */
export function formatDisplayQuota(quota: number, options: TypedOptionReader): string {
  if (displaysInCurrency(options)) return `$${(quota / quotaPerUnitOf(options)).toFixed(2)}`;
  if (quota >= 1_000_000_000) return `${(quota / 1_000_000_000).toFixed(1)}B`;
  if (quota >= 1_000_000) return `${(quota / 1_000_000).toFixed(1)}M`;
  if (quota >= 10_000) return `${(quota / 1_000).toFixed(1)}k`;
  return String(quota);
}
