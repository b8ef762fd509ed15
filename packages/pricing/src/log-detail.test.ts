import { buildConsumeLogDetail, consumeLogContent, formatNumber, type ConsumeLogContext, type ConsumeLogFacts } from './log-detail';
import { buildPriceTable, resolveModelPricing, type ModelPricing } from './price-table';
import { settleQuota, type SettlementUsage } from './quota';

const table = buildPriceTable({});
function pricingOf(model: string, group = 'default'): ModelPricing {
  const result = resolveModelPricing(table, { model, group });
  if (!result.ok) throw new Error(result.error.message);
  return result.pricing;
}
const context: ConsumeLogContext = { firstResponseMs: 350, usedChannels: [3, 5] };

/**
 * The log detail of a settlement, and its `content` as billing words it from what a usage record
 * carries across the bus (the detail after a JSON round trip).
 */
function detail(model: string, usage: SettlementUsage, extra: Partial<ConsumeLogContext> & { extraContent?: string } = {}) {
  const pricing = pricingOf(model);
  const { extraContent, ...more } = extra;
  const built = buildConsumeLogDetail(pricing, settleQuota(pricing, usage), { ...context, ...more });
  const carried = JSON.parse(JSON.stringify(built)) as ConsumeLogFacts;
  return { ...built, content: consumeLogContent({ ...carried, ...(extraContent === undefined ? {} : { extraContent }) }) };
}

describe('buildConsumeLogDetail', () => {
  it('records every ratio of a per-token request', () => {
    // gpt-4o: ((1000 − 400) + 400 × 0.5 + 500 × 4) × 1.25 = 2800 × 1.25 = 3500
    expect(detail('gpt-4o', { kind: 'text', promptTokens: 1000, completionTokens: 500, cachedTokens: 400 })).toEqual({
      modelName: 'gpt-4o',
      promptTokens: 1000,
      completionTokens: 500,
      quota: 3500,
      content: '模型倍率 1.25，补全倍率 4，分组倍率 1',
      other: {
        model_ratio: 1.25,
        group_ratio: 1,
        completion_ratio: 4,
        cache_tokens: 400,
        cache_ratio: 0.5,
        model_price: -1,
        user_group_ratio: -1,
        frt: 350,
        admin_info: { use_channel: ['3', '5'] },
      },
    });
  });

  it('records a per-call price and zero ratios', () => {
    // 0.04 × 500000 = 20000
    const log = detail('dall-e-3', { kind: 'text', promptTokens: 1, completionTokens: 0 });
    expect(log).toMatchObject({ quota: 20000, content: '模型价格 0.04，分组倍率 1' });
    expect(log.other).toMatchObject({ model_price: 0.04, model_ratio: 0, completion_ratio: 0, cache_ratio: 0 });
  });

  it('records the model mapping, the reasoning effort and a user group ratio', () => {
    const usage: SettlementUsage = { kind: 'text', promptTokens: 10, completionTokens: 10 };
    const mapped = detail('gpt-4o', usage, { upstreamModelName: 'gpt-4o-2024-08-06', reasoningEffort: 'high', userGroupRatio: 0.8 });
    expect(mapped.other).toMatchObject({
      is_model_mapped: true,
      upstream_model_name: 'gpt-4o-2024-08-06',
      reasoning_effort: 'high',
      user_group_ratio: 0.8,
    });
    const same = detail('gpt-4o', usage, { upstreamModelName: 'gpt-4o', reasoningEffort: '' });
    expect(Object.keys(same.other)).not.toEqual(expect.arrayContaining(['is_model_mapped']));
    expect(same.other).not.toHaveProperty('upstream_model_name');
    expect(same.other).not.toHaveProperty('reasoning_effort');
  });

  it('adds the Claude cache-creation fields', () => {
    // claude-3-5-sonnet-20241022: (100 + 2000 × 0.1 + 1000 × 1.25 + 50 × 5) × 1.5 = 1800 × 1.5 = 2700
    const log = detail('claude-3-5-sonnet-20241022', {
      kind: 'claude',
      inputTokens: 100,
      outputTokens: 50,
      cacheReadTokens: 2000,
      cacheCreationTokens: 1000,
    });
    expect(log).toMatchObject({ quota: 2700, promptTokens: 100, completionTokens: 50, content: '模型倍率 1.5，补全倍率 5，分组倍率 1' });
    expect(log.other).toMatchObject({
      claude: true,
      cache_tokens: 2000,
      cache_ratio: 0.1,
      cache_creation_tokens: 1000,
      cache_creation_ratio: 1.25,
      cache_creation_tokens_5m: 1000,
      cache_creation_tokens_1h: 0,
      cache_creation_ratio_1h: 2,
    });
    const hourly = detail('claude-3-5-sonnet-20241022', { kind: 'claude', inputTokens: 100, outputTokens: 50, cacheCreationTokens: 600, cacheCreation1hTokens: 400 });
    expect(hourly.other).toMatchObject({ cache_creation_tokens: 1000, cache_creation_tokens_5m: 600, cache_creation_tokens_1h: 400 });
  });

  it.each([
    [false, 'audio'],
    [true, 'ws'],
  ] as const)('adds the audio fields (realtime %s → %s)', (realtime, flag) => {
    // gpt-4o-audio-preview, audio ratio 40: (100 + 50 × 4 + 1000 × 40 + 500 × 40 × 2) × 1.25 = 80300 × 1.25 = 100375
    const log = detail('gpt-4o-audio-preview', {
      kind: 'audio',
      textInputTokens: 100,
      textOutputTokens: 50,
      audioInputTokens: 1000,
      audioOutputTokens: 500,
      realtime,
    });
    expect(log.quota).toBe(100375);
    expect(log.content).toBe('模型倍率 1.25，补全倍率 4，音频倍率 40，音频补全倍率 2，分组倍率 1');
    expect(log.other).toMatchObject({
      [flag]: true,
      audio_input: 1000,
      audio_output: 500,
      text_input: 100,
      text_output: 50,
      audio_ratio: 40,
      audio_completion_ratio: 2,
    });
    expect(log.other).not.toHaveProperty(flag === 'ws' ? 'audio' : 'ws');
  });

  it('notes a request without tokens, a custom GPT and an estimated usage', () => {
    expect(detail('gpt-4o', { kind: 'text', promptTokens: 0, completionTokens: 0 })).toMatchObject({
      quota: 0,
      content: '模型倍率 1.25，补全倍率 4，分组倍率 1（可能是上游超时）',
    });
    // gpt-4-gizmo-* is priced per call at $0.1: 0.1 × 500000 = 50000
    expect(detail('gpt-4-gizmo-g-abc', { kind: 'text', promptTokens: 10, completionTokens: 10 })).toMatchObject({
      modelName: 'gpt-4-gizmo-*',
      quota: 50000,
      content: '模型价格 0.1，分组倍率 1，模型 gpt-4-gizmo-g-abc',
    });
    const estimated = detail('gpt-4o', { kind: 'text', promptTokens: 8, completionTokens: 0 }, { usageEstimated: true, extraContent: '流被中断' });
    expect(estimated.content).toBe('模型倍率 1.25，补全倍率 4，分组倍率 1, 流被中断（可能是请求出错）');
  });

  it('carries the notes of the text only when they apply, and words nothing without the ratios', () => {
    const plain = detail('gpt-4o', { kind: 'text', promptTokens: 10, completionTokens: 10 });
    expect(plain).not.toHaveProperty('zeroTokens');
    expect(plain).not.toHaveProperty('requestedModel');
    expect(plain).not.toHaveProperty('usageEstimated');
    const noted = detail('gpt-4-gizmo-g-abc', { kind: 'text', promptTokens: 0, completionTokens: 0 }, { usageEstimated: true });
    expect(noted).toMatchObject({ zeroTokens: true, requestedModel: 'gpt-4-gizmo-g-abc', usageEstimated: true });
    expect(noted.content).toBe('模型价格 0.1，分组倍率 1（可能是上游超时），模型 gpt-4-gizmo-g-abc, （可能是请求出错）');
    // A task submission's record: priced per call without the ratios, its text its own.
    expect(consumeLogContent({ other: { task_id: 't-1', model_price: 0.1, group_ratio: 1 } })).toBeUndefined();
    expect(consumeLogContent({})).toBeUndefined();
  });

  it.each([
    [Number.NaN, 0],
    [-20, 0],
    [1234.5, 1234.5],
  ])('records frt %d as %d', (firstResponseMs, frt) => {
    expect(detail('gpt-4o', { kind: 'text', promptTokens: 1, completionTokens: 1 }, { firstResponseMs }).other.frt).toBe(frt);
  });
});

describe('formatNumber', () => {
  it.each<[number, string]>([
    [0.075, '0.075'],
    [4 / 3, '1.333333'],
    [10 / 0.6, '16.666667'],
    [2, '2'],
    [-1, '-1'],
    [1e-7, '0'],
    [37.5, '37.5'],
  ])('%d → %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});
