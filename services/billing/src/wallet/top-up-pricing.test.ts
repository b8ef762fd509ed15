import { FixedOptions } from '@modelgate/db';
import {
  centsOfMoneyText,
  formatCents,
  minimumTopUp,
  quoteTopUp,
  type TopUpSettings,
  topUpCents,
  topUpGroupRatio,
  topUpSettingsOf,
} from './top-up-pricing';

const settings = (overrides: Partial<TopUpSettings> = {}): TopUpSettings => ({
  displayInCurrency: true,
  quotaPerUnit: 500_000,
  price: 7.3,
  minTopUpDollars: 1,
  groupRatios: { default: 1, vip: 0.5 },
  ...overrides,
});

const reader = (values: Record<string, string>) => new FixedOptions(values);

describe('top-up pricing', () => {
  it('reads the options with the spec defaults for unusable values', () => {
    // Every value unusable as stored: each reads as its option's default, as the registry parses
    // it (a switch that is neither true nor false is its default, on; malformed JSON is empty).
    const unusable = { DisplayInCurrencyEnabled: 'yes', QuotaPerUnit: '', Price: '', MinTopUp: '', TopupGroupRatio: '' };
    expect(topUpSettingsOf(reader(unusable))).toEqual({
      displayInCurrency: true,
      quotaPerUnit: 500_000,
      price: 7.3,
      minTopUpDollars: 1,
      groupRatios: {},
    });
    const read = topUpSettingsOf(
      reader({
        DisplayInCurrencyEnabled: 'true',
        QuotaPerUnit: '1000',
        Price: '6.5',
        MinTopUp: '3',
        TopupGroupRatio: '{"vip":0.8,"odd":"x"}',
      }),
    );
    expect(read).toEqual({ displayInCurrency: true, quotaPerUnit: 1000, price: 6.5, minTopUpDollars: 3, groupRatios: { vip: 0.8 } });
    expect(topUpSettingsOf(reader({ Price: '-1', MinTopUp: 'x', TopupGroupRatio: '[1]' }))).toMatchObject({
      price: 7.3,
      minTopUpDollars: 1,
      groupRatios: {},
    });
  });

  it('uses a group ratio of 1 when the group has none or a useless one', () => {
    const s = settings({ groupRatios: { vip: 0.5, zero: 0, negative: -2 } });
    expect([topUpGroupRatio(s, 'vip'), topUpGroupRatio(s, 'zero'), topUpGroupRatio(s, 'negative'), topUpGroupRatio(s, 'none')]).toEqual([
      0.5, 1, 1, 1,
    ]);
    expect(topUpGroupRatio(s, 'constructor')).toBe(1);
  });

  it('computes money exactly and rounds half up to the cent', () => {
    expect(topUpCents(3, 'default', settings())).toBe(2190);
    expect(topUpCents(3, 'vip', settings())).toBe(1095);
    expect(topUpCents(29, 'default', settings({ price: 0.035 }))).toBe(102); // 1.015 exactly, not 1.0149999…
    expect(topUpCents(1, 'default', settings({ price: 0.005 }))).toBe(1);
    expect(topUpCents(750_000, 'default', settings({ displayInCurrency: false }))).toBe(1095);
    expect(topUpCents(1, 'default', settings({ displayInCurrency: false }))).toBe(0);
  });

  it('states the minimum in the unit amounts are given in', () => {
    expect(minimumTopUp(settings({ minTopUpDollars: 2 }))).toBe(2);
    expect(minimumTopUp(settings({ minTopUpDollars: 2, displayInCurrency: false }))).toBe(1_000_000);
  });

  it('quotes money text and the quota credited, or refuses with the product message', () => {
    expect(quoteTopUp(2, 'default', settings())).toEqual({ cents: 1460, money: '14.60', quota: 1_000_000 });
    expect(quoteTopUp(600_000, 'default', settings({ displayInCurrency: false }))).toEqual({
      cents: 876,
      money: '8.76',
      quota: 600_000,
    });
    expect(() => quoteTopUp(1, 'default', settings({ minTopUpDollars: 5 }))).toThrow('充值数量不能小于 5');
    expect(() => quoteTopUp(0, 'default', settings())).toThrow('充值数量必须是正整数');
    expect(() => quoteTopUp(1.5, 'default', settings())).toThrow('充值数量必须是正整数');
    expect(() => quoteTopUp(1, 'default', settings({ price: 0.001 }))).toThrow('充值金额过低');
    expect(() => quoteTopUp(9_000_000_000_000, 'default', settings())).toThrow('充值数量过大');
  });

  it('formats and parses money text', () => {
    expect([formatCents(0), formatCents(5), formatCents(730), formatCents(123456)]).toEqual(['0.00', '0.05', '7.30', '1234.56']);
    expect([centsOfMoneyText('7.3'), centsOfMoneyText('7.30'), centsOfMoneyText('7'), centsOfMoneyText(' 0.05 ')]).toEqual([
      730, 730, 700, 5,
    ]);
    for (const text of ['', '7.301', '-1', '1e3', 'abc', '7.', '.5']) expect(centsOfMoneyText(text)).toBeUndefined();
  });
});
