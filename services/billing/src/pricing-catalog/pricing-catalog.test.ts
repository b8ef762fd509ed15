import { FixedOptions } from '@modelgate/db';
import { buildPriceTable } from '@modelgate/pricing';
import { pricingRow, QuotaType } from './pricing-catalog';
import { callerGroups, OWN_GROUP_DESC } from './usable-groups';

const optionsOf = (values: Record<string, string>) => new FixedOptions(values);

describe('pricingRow', () => {
  const table = buildPriceTable({
    ModelPrice: JSON.stringify({ 'per-call': 0.02 }),
    ModelRatio: JSON.stringify({ 'by-ratio': 1.5, 'per-call': 4 }),
    CompletionRatio: JSON.stringify({ 'by-ratio': 2 }),
  });

  it('shows a fixed price alone, ratios otherwise', () => {
    expect(pricingRow(table, 'per-call', ['default'])).toEqual({
      model_name: 'per-call',
      quota_type: QuotaType.FixedPrice,
      model_ratio: 0,
      completion_ratio: 0,
      model_price: 0.02,
      enable_groups: ['default'],
    });
    expect(pricingRow(table, 'by-ratio', ['a', 'b'])).toMatchObject({ quota_type: QuotaType.Ratio, model_ratio: 1.5, completion_ratio: 2, model_price: 0 });
    expect(pricingRow(table, 'unknown', [])).toMatchObject({ quota_type: QuotaType.Ratio, model_ratio: 37.5 });
  });
});

describe('callerGroups', () => {
  const options = optionsOf({
    GroupRatio: JSON.stringify({ default: 1, vip: 2, svip: 3, broken: 'x' }),
    UserUsableGroups: JSON.stringify({ default: 'Default', vip: 'VIP', broken: 'Broken' }),
  });

  it('answers anonymous callers for the default group', () => {
    expect(callerGroups(options, undefined)).toEqual({
      groupRatio: { default: 1, vip: 2 },
      usableGroup: { default: 'Default', vip: 'VIP', broken: 'Broken' },
    });
  });

  it('adds the user\'s own group', () => {
    expect(callerGroups(options, 'svip')).toEqual({
      groupRatio: { default: 1, vip: 2, svip: 3 },
      usableGroup: { default: 'Default', vip: 'VIP', broken: 'Broken', svip: OWN_GROUP_DESC },
    });
  });

  it('survives malformed options', () => {
    expect(callerGroups(optionsOf({ GroupRatio: 'nope', UserUsableGroups: '[]' }), '')).toEqual({
      groupRatio: {},
      usableGroup: { default: OWN_GROUP_DESC },
    });
  });
});
