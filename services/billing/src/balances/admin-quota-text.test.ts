import { FixedOptions, type TypedOptionReader } from '@modelgate/db';
import { quotaDeltaLogContent, quotaSetLogContent } from './admin-quota-text';

function optionsOf(values: Record<string, string>): TypedOptionReader {
  return new FixedOptions(values);
}

describe('admin balance log wording', () => {
  const currency = optionsOf({ DisplayInCurrencyEnabled: 'true', QuotaPerUnit: '500000' });
  const units = optionsOf({ DisplayInCurrencyEnabled: 'false', QuotaPerUnit: '500000' });

  it('words settings and additions the way the console reads them', () => {
    expect(quotaSetLogContent(0, 500_000, currency)).toBe('管理员将用户额度从 ＄0.000000 额度修改为 ＄1.000000 额度');
    expect(quotaDeltaLogContent(10, units)).toBe('管理员增加用户额度 10 点额度');
    expect(quotaDeltaLogContent(-10, units)).toBe('管理员减少用户额度 10 点额度');
  });
});
