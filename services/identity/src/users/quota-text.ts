import { QUOTA_PER_UNIT } from '@modelgate/db';
import type { OptionReader } from '../options/option-store';

/**
 * An amount of quota as log contents show it, like the reference's `LogQuota`: dollars with six
 * decimals when DisplayInCurrencyEnabled is on (`＄1.000000 额度`), else raw units (`500000 点额度`).
 */
export function formatLogQuota(quota: number, options: OptionReader): string {
  if (options.get('DisplayInCurrencyEnabled') !== 'true') return `${quota} 点额度`;
  const perUnit = Number(options.get('QuotaPerUnit'));
  const dollars = quota / (Number.isFinite(perUnit) && perUnit > 0 ? perUnit : QUOTA_PER_UNIT);
  return `＄${dollars.toFixed(6)} 额度`;
}

/** Log content of an admin setting a balance: "管理员将用户额度从 X修改为 Y" (the reference's words). */
export function quotaSetLogContent(from: number, to: number, options: OptionReader): string {
  return `管理员将用户额度从 ${formatLogQuota(from, options)}修改为 ${formatLogQuota(to, options)}`;
}

/** Log content of an admin adding (or, when negative, deducting) an amount. */
export function quotaDeltaLogContent(delta: number, options: OptionReader): string {
  return delta >= 0
    ? `管理员增加用户额度 ${formatLogQuota(delta, options)}`
    : `管理员减少用户额度 ${formatLogQuota(-delta, options)}`;
}

/** Log content of the balance a new account starts with (QuotaForNewUser). */
export function newUserQuotaLogContent(quota: number, options: OptionReader): string {
  return `新用户注册赠送 ${formatLogQuota(quota, options)}`;
}
