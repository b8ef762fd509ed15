import { Intent } from '@blueprintjs/core';
import type { PricingRow } from './pricing-api';
import { formatDollars, groupRatioIntent, groupRatioOf, isAvailable, matchesModel, modelPriceOf } from './pricing-math';

const row = (patch: Partial<PricingRow>): PricingRow => ({
  model_name: 'acme-chat',
  quota_type: 0,
  model_ratio: 2,
  completion_ratio: 3,
  model_price: 0,
  enable_groups: ['default', 'vip'],
  ...patch,
});

describe('pricing math', () => {
  it('prices usage-based models per 1M tokens: ratio × 2 × group ratio, completion × completion ratio', () => {
    expect(modelPriceOf(row({}), 1.5)).toEqual({ kind: 'usage', input: 6, completion: 18 });
    expect(modelPriceOf(row({ model_ratio: 0.5, completion_ratio: 1 }), 1)).toEqual({ kind: 'usage', input: 1, completion: 1 });
  });

  it('prices per-call models as the model price × group ratio', () => {
    expect(modelPriceOf(row({ quota_type: 1, model_price: 0.05 }), 3)).toEqual({ kind: 'perCall', price: 0.05 * 3 });
  });

  it('formats dollars without float noise', () => {
    expect(formatDollars(0.05 * 3)).toBe('$0.15');
    expect(formatDollars(6)).toBe('$6');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.3');
  });

  it('colours group ratios as spec §9 says', () => {
    expect([0.5, 1, 1.5, 3, 3.5, 5, 6].map(groupRatioIntent)).toEqual([
      Intent.SUCCESS,
      Intent.SUCCESS,
      Intent.PRIMARY,
      Intent.PRIMARY,
      Intent.WARNING,
      Intent.WARNING,
      Intent.DANGER,
    ]);
  });

  it('reads a group ratio, 1 for an unknown group', () => {
    expect(groupRatioOf({ default: 1, vip: 1.5 }, 'vip')).toBe(1.5);
    expect(groupRatioOf({ default: 1 }, 'nowhere')).toBe(1);
  });

  it('matches model names loosely and tells availability by group', () => {
    expect(matchesModel('GPT-4o-mini', 'gpt mini')).toBe(true);
    expect(matchesModel('gpt-4o-mini', 'claude')).toBe(false);
    expect(matchesModel('anything', '  ')).toBe(true);
    expect(isAvailable(row({}), 'vip')).toBe(true);
    expect(isAvailable(row({}), 'svip')).toBe(false);
  });
});
