import { imageQuota, speechPromptTokens, transcriptionTokens, type ImageRequest } from './endpoint-rules';
import type { ModelPricing } from './price-table';

function pricing(model: string, extra: Partial<ModelPricing>): ModelPricing {
  return {
    model,
    matchName: model,
    usePrice: false,
    modelPrice: -1,
    modelRatio: 0,
    completionRatio: 1,
    completionRatioLocked: false,
    cacheRatio: 1,
    cacheCreationRatio: 1.25,
    cacheCreation1hRatio: 2,
    group: 'default',
    groupRatio: 1,
    quotaPerUnit: 500000,
    unsetModel: false,
    ...extra,
  };
}
const dalle3 = pricing('dall-e-3', { usePrice: true, modelPrice: 0.04, completionRatio: 0 });
const dalle2 = pricing('dall-e-2', { modelRatio: 16 });

describe('speechPromptTokens', () => {
  it.each<[string, string, number | undefined]>([
    ['tts-1', 'hello', 5],
    // h é l l o ␠ 👋: 7 code points (8 UTF-16 units)
    ['tts-1-hd', 'héllo 👋', 7],
    ['tts-1', '', 0],
    ['gpt-4o-mini-tts', 'hello', undefined],
  ])('%s %j → %s', (model, input, expected) => {
    expect(speechPromptTokens(model, input)).toBe(expected);
  });
});

describe('transcriptionTokens: round(ceil(seconds) / 60 × 1000)', () => {
  it.each<[number, number]>([
    [60, 1000],
    [90, 1500],
    // ceil(61.2) = 62 → 62000 / 60 = 1033.33 → 1033
    [61.2, 1033],
    // ceil(0.1) = 1 → 1000 / 60 = 16.67 → 17
    [0.1, 17],
    [0, 0],
    [-3, 0],
    [Number.NaN, 0],
  ])('%d s → %d tokens', (seconds, expected) => {
    expect(transcriptionTokens(seconds)).toBe(expected);
  });
});

describe('imageQuota: round(price × size × quality × n × QuotaPerUnit × GroupRatio)', () => {
  it.each<[string, ModelPricing, ImageRequest, number]>([
    // 0.04 × 1 × 1 × 1 × 500000 = 20000
    ['dall-e-3 default size', dalle3, {}, 20000],
    // 0.04 × 1 × 2 (hd) × 500000 = 40000
    ['dall-e-3 hd', dalle3, { size: '1024x1024', quality: 'hd' }, 40000],
    // 0.04 × 2 (1792x1024) × 1.5 (hd, wide) × 500000 = 60000
    ['dall-e-3 hd wide', dalle3, { size: '1792x1024', quality: 'hd' }, 60000],
    // 0.04 × 2 (1024x1792) × 500000 = 40000
    ['dall-e-3 tall standard', dalle3, { size: '1024x1792', quality: 'standard' }, 40000],
    // 0.04 × 3 images × 500000 × 0.5 = 30000
    ['three images at group 0.5', { ...dalle3, groupRatio: 0.5 }, { n: 3 }, 30000],
    // ratio 16: 0.0025 × 16 × 0.4 (256²) × 500000 = 8000
    ['dall-e-2 by ratio, 256x256', dalle2, { size: '256x256' }, 8000],
    // 0.0025 × 16 × 0.45 (512²) × 500000 = 9000
    ['dall-e-2 by ratio, 512x512', dalle2, { size: '512x512' }, 9000],
    // hd only affects dall-e-3: 0.0025 × 16 × 0.4 × 500000 = 8000
    ['hd ignored for dall-e-2', dalle2, { size: '256x256', quality: 'hd' }, 8000],
    // n 0 counts as 1: 0.04 × 500000 = 20000
    ['n 0 is one image', dalle3, { n: 0 }, 20000],
    // 0.0025 × 16 × 1 (unlisted size) × 500000 = 20000
    ['unlisted size costs 1', dalle2, { size: '1536x1024' }, 20000],
    // a tiny price: 0.0000001 × 500000 = 0.05 → 0 → the minimum 1
    ['minimum 1', pricing('x', { usePrice: true, modelPrice: 0.0000001 }), {}, 1],
    ['free model', pricing('x', { usePrice: true, modelPrice: 0 }), {}, 0],
    ['free group', { ...dalle3, groupRatio: 0 }, {}, 0],
  ])('%s', (_, modelPricing, request, expected) => {
    expect(imageQuota(modelPricing, request)).toBe(expected);
  });
});
