import { FixedOptions } from './fixed-options';
import { displaysInCurrency, formatDisplayQuota, formatLogQuota, quotaPerUnitOf } from './quota-text';

const reader = (values: Record<string, string>) => new FixedOptions(values);
const dollars = reader({ DisplayInCurrencyEnabled: 'true', QuotaPerUnit: '500000' });
const units = reader({ DisplayInCurrencyEnabled: 'false' });

describe('quota texts', () => {
  it('reads QuotaPerUnit and the display mode', () => {
    expect([quotaPerUnitOf(reader({})), quotaPerUnitOf(reader({ QuotaPerUnit: '1000' })), quotaPerUnitOf(reader({ QuotaPerUnit: '-5' }))]).toEqual([
      500_000, 1000, 500_000,
    ]);
    expect([displaysInCurrency(dollars), displaysInCurrency(units)]).toEqual([true, false]);
  });

  it('formats log amounts like the reference: six decimals of dollars, or units', () => {
    expect(formatLogQuota(500_000, dollars)).toBe('＄1.000000 额度');
    expect(formatLogQuota(100_000, dollars)).toBe('＄0.200000 额度');
    expect(formatLogQuota(100_000, units)).toBe('100000 点额度');
  });

  it('formats amounts as the console shows them', () => {
    expect(formatDisplayQuota(100_000, dollars)).toBe('$0.20');
    expect([9_999, 10_000, 250_000, 2_500_000, 3_000_000_000].map((quota) => formatDisplayQuota(quota, units))).toEqual([
      '9999',
      '10.0k',
      '250.0k',
      '2.5M',
      '3.0B',
    ]);
  });
});
