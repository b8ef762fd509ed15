import { FixedOptions } from '@modelgate/db';
import { newRedemptionKey } from './redemptions';
import {
  newRedemptionName,
  redemptionCount,
  redemptionName,
  redemptionQuota,
  settableRedemptionStatus,
} from './redemption-rules';

const reader = (values: Record<string, string>) => new FixedOptions(values);

describe('redemption rules', () => {
  it('takes names of 1 to 20 characters, counted as characters', () => {
    expect(redemptionName('  gift  ')).toBe('gift');
    expect(redemptionName('兑'.repeat(20))).toBe('兑'.repeat(20));
    expect(redemptionName('😀'.repeat(20))).toHaveLength(40);
    for (const name of ['', '   ', 'x'.repeat(21), '兑'.repeat(21)]) {
      expect(() => redemptionName(name)).toThrow('兑换码名称长度必须在1-20之间');
    }
  });

  it('names an unnamed batch after its quota as the console shows it', () => {
    expect(newRedemptionName('', 100_000, reader({ DisplayInCurrencyEnabled: 'true' }))).toBe('$0.20');
    expect(newRedemptionName('', 100_000, reader({ DisplayInCurrencyEnabled: 'false' }))).toBe('100.0k');
    expect(newRedemptionName('named', 100_000, reader({}))).toBe('named');
  });

  it('takes a positive whole quota', () => {
    expect(redemptionQuota('500000')).toBe(500_000);
    expect(redemptionQuota(1)).toBe(1);
    for (const quota of ['0', '-1', 'x', '1.5', 0]) expect(() => redemptionQuota(quota)).toThrow('兑换码额度必须大于0');
    expect(() => redemptionQuota('9007199254740991')).toThrow('兑换码额度过大');
  });

  it('takes batches of 1 to 100', () => {
    expect([redemptionCount(1), redemptionCount(100)]).toEqual([1, 100]);
    for (const count of [0, -1, 0.5]) expect(() => redemptionCount(count)).toThrow('兑换码个数必须大于0');
    expect(() => redemptionCount(101)).toThrow('一次兑换码批量生成的个数不能大于 100');
  });

  it('lets admins set enabled or disabled only', () => {
    expect([settableRedemptionStatus(1), settableRedemptionStatus(2)]).toEqual([1, 2]);
    for (const status of [0, 3, 4, -1]) expect(() => settableRedemptionStatus(status)).toThrow('无效的兑换码状态');
  });

  it('makes keys of 32 random hexadecimal characters', () => {
    const keys = new Set(Array.from({ length: 1000 }, newRedemptionKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
