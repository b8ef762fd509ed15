import { DEFAULT_OPTIONS, UserRole } from '@modelgate/db';
import {
  buildPriceTable,
  lookupGroupRatio,
  normalizeModelName,
  resolveModelPricing,
  type PricingOptionValues,
  type PricingRequest,
} from './price-table';

const defaults = buildPriceTable({});

function priced(options: PricingOptionValues, request: Partial<PricingRequest> & { model: string }) {
  const result = resolveModelPricing(buildPriceTable(options), { group: 'default', ...request });
  if (!result.ok) throw new Error(`expected ${request.model} to be priced: ${result.error.message}`);
  return result.pricing;
}

describe('buildPriceTable', () => {
  it('uses the built-in defaults for missing options and reports nothing', () => {
    expect(defaults.problems).toEqual([]);
    expect(defaults.modelRatio.get('gpt-4o')).toBe(1.25);
    expect(defaults.modelPrice.get('dall-e-3')).toBe(0.04);
    expect(defaults.completionRatio.get('gpt-4-all')).toBe(2);
    expect(defaults.cacheRatio.get('gpt-4o')).toBe(0.5);
    expect(defaults.groupRatio.get('vip')).toBe(1);
    expect([defaults.quotaPerUnit, defaults.preConsumedQuota, defaults.selfUseMode]).toEqual([500000, 500, false]);
  });

  it('reads the seeded option texts without a problem', () => {
    const table = buildPriceTable(DEFAULT_OPTIONS);
    expect(table.problems).toEqual([]);
    expect(table.modelRatio.get('claude-3-5-sonnet-20241022')).toBe(1.5);
  });

  it('reads configured values, replacing (not merging) the default map', () => {
    const table = buildPriceTable({
      ModelRatio: '{"gpt-4o": 2, "my-model": 0.5}',
      GroupRatio: '{"default": 1, "vip": 0.5}',
      QuotaPerUnit: '1000000',
      PreConsumedQuota: '1000',
      SelfUseModeEnabled: 'true',
    });
    expect(table.problems).toEqual([]);
    expect([...table.modelRatio]).toEqual([
      ['gpt-4o', 2],
      ['my-model', 0.5],
    ]);
    expect(table.groupRatio.get('vip')).toBe(0.5);
    expect([table.quotaPerUnit, table.preConsumedQuota, table.selfUseMode]).toEqual([1_000_000, 1000, true]);
  });

  it.each([
    ['ModelPrice', 'not json', 'is not valid JSON', 'dall-e-3', 0.04],
    ['ModelRatio', '{"gpt-4o": 1.25,', 'is not valid JSON', 'gpt-4o', 1.25],
    ['CompletionRatio', '', 'is not valid JSON', 'gpt-4-all', 2],
    ['CacheRatio', '[1, 2]', 'is not a JSON object', 'gpt-4o', 0.5],
    ['GroupRatio', 'null', 'is not a JSON object', 'default', 1],
    ['ModelRatio', '42', 'is not a JSON object', 'gpt-4o-mini', 0.075],
  ] as const)('falls back to the defaults when %s is %j', (option, text, message, name, value) => {
    const table = buildPriceTable({ [option]: text });
    expect(table.problems).toEqual([{ option, message: expect.stringContaining(message) }]);
    const maps = {
      ModelPrice: table.modelPrice,
      ModelRatio: table.modelRatio,
      CompletionRatio: table.completionRatio,
      CacheRatio: table.cacheRatio,
      GroupRatio: table.groupRatio,
    };
    expect(maps[option].get(name)).toBe(value);
  });

  it('drops entries that are not non-negative numbers and keeps the rest', () => {
    const table = buildPriceTable({ ModelRatio: '{"a": "1", "b": -1, "c": 2, "d": null, "e": 0}' });
    expect([...table.modelRatio]).toEqual([
      ['c', 2],
      ['e', 0],
    ]);
    expect(table.problems.map((problem) => problem.message)).toEqual([
      'ModelRatio entry "a" is not a non-negative number; ignored',
      'ModelRatio entry "b" is not a non-negative number; ignored',
      'ModelRatio entry "d" is not a non-negative number; ignored',
    ]);
  });

  it.each([
    ['QuotaPerUnit', 'abc', 500000],
    ['QuotaPerUnit', '0', 500000],
    ['QuotaPerUnit', '-5', 500000],
    ['QuotaPerUnit', '', 500000],
    ['PreConsumedQuota', '1.5', 500],
    ['PreConsumedQuota', '-1', 500],
    ['PreConsumedQuota', 'x', 500],
  ] as const)('falls back when %s is %j', (option, text, fallback) => {
    const table = buildPriceTable({ [option]: text });
    expect(option === 'QuotaPerUnit' ? table.quotaPerUnit : table.preConsumedQuota).toBe(fallback);
    expect(table.problems).toEqual([{ option, message: `${option} ${JSON.stringify(text)} is not usable; using ${fallback}` }]);
  });

  it('treats only the text "true" as self-use mode on', () => {
    expect(buildPriceTable({ SelfUseModeEnabled: 'TRUE' }).selfUseMode).toBe(false);
    expect(buildPriceTable({ SelfUseModeEnabled: 'false' }).selfUseMode).toBe(false);
  });
});

describe('normalizeModelName', () => {
  it.each([
    ['gpt-4-gizmo-g-abc123', 'gpt-4-gizmo-*'],
    ['gpt-4-gizmo', 'gpt-4-gizmo-*'],
    ['gpt-4o-gizmo-g-xyz', 'gpt-4o-gizmo-*'],
    ['gpt-4o', 'gpt-4o'],
    ['GPT-4-gizmo-x', 'GPT-4-gizmo-x'],
  ])('%s → %s', (model, expected) => {
    expect(normalizeModelName(model)).toBe(expected);
  });
});

describe('lookupGroupRatio', () => {
  const table = buildPriceTable({ GroupRatio: '{"default": 1, "vip": 0.5, "free": 0}' });
  it.each([
    ['vip', 0.5],
    ['free', 0],
    ['unknown', 1],
    ['constructor', 1],
  ])('%s → %d', (group, expected) => {
    expect(lookupGroupRatio(table, group)).toBe(expected);
  });
});

describe('resolveModelPricing', () => {
  it('prices a per-token model from the tables', () => {
    expect(priced({}, { model: 'gpt-4o' })).toEqual({
      model: 'gpt-4o',
      matchName: 'gpt-4o',
      usePrice: false,
      modelPrice: -1,
      modelRatio: 1.25,
      completionRatio: 4,
      completionRatioLocked: true,
      cacheRatio: 0.5,
      cacheCreationRatio: 1.25,
      cacheCreation1hRatio: 2,
      group: 'default',
      groupRatio: 1,
      quotaPerUnit: 500000,
      unsetModel: false,
    });
  });

  it('prefers ModelPrice and zeroes the ratios', () => {
    expect(priced({}, { model: 'dall-e-3' })).toMatchObject({
      usePrice: true,
      modelPrice: 0.04,
      modelRatio: 0,
      completionRatio: 0,
      cacheRatio: 0,
      cacheCreationRatio: 0,
    });
    expect(priced({}, { model: 'mj_inpaint' })).toMatchObject({ usePrice: true, modelPrice: 0 });
  });

  it.each([
    // gpt-4-gizmo-* has a price (0.1) in the defaults
    ['gpt-4-gizmo-g-abc', 'gpt-4-gizmo-*', { usePrice: true, modelPrice: 0.1 }],
    // gpt-4o-gizmo-* only a ratio (2.5) and the configured completion ratio 3
    ['gpt-4o-gizmo-g-abc', 'gpt-4o-gizmo-*', { usePrice: false, modelRatio: 2.5, completionRatio: 3 }],
  ])('collapses custom GPT %s to %s', (model, matchName, expected) => {
    expect(priced({}, { model })).toMatchObject({ model, matchName, ...expected });
  });

  it.each([
    ['vip', 0.5],
    ['nope', 1],
  ])('bills group %s at %d', (group, groupRatio) => {
    expect(priced({ GroupRatio: '{"default": 1, "vip": 0.5}' }, { model: 'gpt-4o', group })).toMatchObject({ groupRatio });
  });

  it('uses cache ratio 1 for a model without a CacheRatio entry', () => {
    expect(priced({}, { model: 'gpt-3.5-turbo' }).cacheRatio).toBe(1);
  });

  it('uses the configured tables only', () => {
    const options = { ModelRatio: '{"gpt-4o": 2}' };
    expect(priced(options, { model: 'gpt-4o' }).modelRatio).toBe(2);
    expect(resolveModelPricing(buildPriceTable(options), { model: 'gpt-4o-mini', group: 'default' }).ok).toBe(false);
  });

  describe('an unset model (neither ModelPrice nor ModelRatio)', () => {
    it.each<[string, number | undefined, string]>([
      ['a user', UserRole.Common, '模型 my-model 倍率或价格未配置, 请联系管理员设置；Model my-model ratio or price not set, please contact administrator to set'],
      ['an admin', UserRole.Admin, '模型 my-model 倍率或价格未配置, 请联系管理员设置；Model my-model ratio or price not set, please contact administrator to set'],
      ['an unknown role', undefined, '模型 my-model 倍率或价格未配置, 请联系管理员设置；Model my-model ratio or price not set, please contact administrator to set'],
      ['root', UserRole.Root, '模型 my-model 倍率或价格未配置，请设置或开始自用模式；Model my-model ratio or price not set, please set or start self-use mode'],
    ])('is refused with model_price_error for %s', (_, userRole, message) => {
      const request = { model: 'my-model', group: 'default', ...(userRole === undefined ? {} : { userRole }) };
      expect(resolveModelPricing(defaults, request)).toEqual({
        ok: false,
        error: { status: 500, code: 'model_price_error', message },
      });
    });

    it('is refused for names that are members of Object.prototype', () => {
      expect(resolveModelPricing(defaults, { model: 'constructor', group: 'default' }).ok).toBe(false);
    });

    it.each([
      ['self-use mode is on', { SelfUseModeEnabled: 'true' }, {}],
      ['the user accepts unset models', {}, { acceptUnsetModelRatio: true }],
    ])('is billed at ratio 37.5 when %s', (_, options, request) => {
      expect(priced(options, { model: 'my-model', ...request })).toMatchObject({
        usePrice: false,
        modelRatio: 37.5,
        completionRatio: 1,
        cacheRatio: 1,
        unsetModel: true,
      });
    });
  });
});
