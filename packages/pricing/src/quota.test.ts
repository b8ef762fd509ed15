import type { ModelPricing } from './price-table';
import {
  audioQuota,
  claudeQuota,
  perCallQuota,
  preConsumeEstimate,
  settleQuota,
  textQuota,
  type AudioUsage,
  type ClaudeUsage,
  type TextUsage,
} from './quota';

/** A per-token pricing written out by hand, so the formulas are tested apart from the tables. */
function ratio(
  modelRatio: number,
  completionRatio: number,
  extra: Partial<ModelPricing> = {},
): ModelPricing {
  return {
    model: 'm',
    matchName: 'm',
    usePrice: false,
    modelPrice: -1,
    modelRatio,
    completionRatio,
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

/** A per-call pricing written out by hand. */
function price(modelPrice: number, extra: Partial<ModelPricing> = {}): ModelPricing {
  return ratio(0, 0, { usePrice: true, modelPrice, cacheRatio: 0, cacheCreationRatio: 0, ...extra });
}

const gpt4o = ratio(1.25, 4, { model: 'gpt-4o', matchName: 'gpt-4o', cacheRatio: 0.5 });
const gpt4oMini = ratio(0.075, 4, { cacheRatio: 0.5 });
const sonnet = ratio(1.5, 5, { cacheRatio: 0.1 });
const haiku = ratio(0.125, 5, { cacheRatio: 0.1 });
const text = (promptTokens: number, completionTokens: number, cachedTokens?: number): TextUsage => ({
  kind: 'text',
  promptTokens,
  completionTokens,
  ...(cachedTokens === undefined ? {} : { cachedTokens }),
});

describe('textQuota: round(((P − C) + C × cache + O × completion) × model × group)', () => {
  it.each<[string, ModelPricing, TextUsage, number]>([
    // (1000 + 500 × 4) × 1.25 = 3000 × 1.25 = 3750
    ['per-token, gpt-4o', gpt4o, text(1000, 500), 3750],
    // ((1000 − 400) + 400 × 0.5 + 500 × 4) × 1.25 = (600 + 200 + 2000) × 1.25 = 3500
    ['cached tokens at the cache ratio', gpt4o, text(1000, 500, 400), 3500],
    // (100 + 100 × 3) × 0.25 × 1.5 = 400 × 0.375 = 150
    ['group ratio 1.5', ratio(0.25, 3, { groupRatio: 1.5 }), text(100, 100), 150],
    // (100 + 100 × 3) × 0.25 × 0.5 = 400 × 0.125 = 50
    ['group ratio 0.5', ratio(0.25, 3, { groupRatio: 0.5 }), text(100, 100), 50],
    // (100000 + 50000 × 2) × 37.5 = 200000 × 37.5 = 7 500 000
    ['large request, gpt-4.5-preview', ratio(37.5, 2), text(100000, 50000), 7_500_000],
    // 10 × 0.075 = 0.75 → rounds to 1
    ['0.75 rounds up', gpt4oMini, text(10, 0), 1],
    // 20 × 0.075 = 1.5 → half rounds away from zero: 2
    ['1.5 rounds half up', gpt4oMini, text(20, 0), 2],
    // 30 × 0.075 = 2.25 → 2
    ['2.25 rounds down', gpt4oMini, text(30, 0), 2],
    // 50 × 0.075 = 3.75 → 4
    ['3.75 rounds up', gpt4oMini, text(50, 0), 4],
    // 1 × 0.075 = 0.075 → rounds to 0 → the minimum charge makes it 1 (the reference charges 0)
    ['1 token at ratio 0.075 charges the minimum 1', gpt4oMini, text(1, 0), 1],
    // 100 × 0.145 = 14.5 exactly → 15 (IEEE: 100 × 0.145 = 14.499999999999998 → 14)
    ['exact decimals: 14.5 rounds to 15', ratio(0.145, 1), text(100, 0), 15],
    // (10 − 10) + 10 × 0 + 0 = 0 → the minimum 1 (tokens were used, model not free)
    ['all tokens cached at cache ratio 0', ratio(1, 1, { cacheRatio: 0 }), text(10, 0, 10), 1],
    // cached capped at the prompt: (0 + 10 × 0.5) × 1.25 = 6.25 → 6
    ['cached above prompt is capped', gpt4o, text(10, 0, 50), 6],
    // model ratio 0 is free: (1000 + 0) × 0 = 0, no minimum
    ['free model', ratio(0, 1), text(1000, 10), 0],
    // group ratio 0 is free: 3000 × 1.25 × 0 = 0, no minimum
    ['free group', ratio(1.25, 4, { groupRatio: 0 }), text(1000, 500), 0],
    // floors fractions: P 10.9 → 10: (10 + 2 × 4) × 1.25 = 22.5 → 23
    ['fractional tokens are floored', gpt4o, text(10.9, 2.7), 23],
    // completion ratio 4/3 (gpt-3.5 family): (300 + 300 × 4/3) × 0.75 = (300 + 400) × 0.75 = 525
    ['completion ratio 4/3', ratio(0.75, 4 / 3), text(300, 300), 525],
  ])('%s', (_, pricing, usage, expected) => {
    const settlement = textQuota(pricing, usage);
    expect(settlement.quota).toBe(expected);
    expect(settlement.formula).toBe('text');
    expect(settlement.zeroTokens).toBe(false);
  });

  it.each<[string, TextUsage]>([
    ['no tokens', text(0, 0)],
    ['negative and non-numeric tokens', text(-5, Number.NaN)],
    ['only cached tokens beyond an empty prompt', text(0, 0, 100)],
  ])('charges 0 and flags zero tokens: %s', (_, usage) => {
    const settlement = textQuota(gpt4o, usage);
    expect(settlement).toMatchObject({ quota: 0, zeroTokens: true, promptTokens: 0, completionTokens: 0 });
  });

  it('zero tokens charge 0 even for a per-call model', () => {
    expect(textQuota(price(0.1), text(0, 0))).toMatchObject({ quota: 0, zeroTokens: true, formula: 'per-call' });
  });

  it('reports the token counts it charged', () => {
    expect(textQuota(gpt4o, text(1000, 500, 400))).toMatchObject({
      promptTokens: 1000,
      completionTokens: 500,
      cacheTokens: 400,
      cacheCreationTokens: 0,
    });
  });
});

describe('perCallQuota: round(ModelPrice × QuotaPerUnit × GroupRatio)', () => {
  it.each<[string, ModelPricing, number]>([
    // 0.04 × 500000 × 1 = 20000
    ['dall-e-3', price(0.04), 20000],
    // 0.04 × 500000 × 0.8 = 16000
    ['group ratio 0.8', price(0.04, { groupRatio: 0.8 }), 16000],
    // 0.05 × 500000 × 1.2 = 30000
    ['mj_describe at group 1.2', price(0.05, { groupRatio: 1.2 }), 30000],
    // 1 × 1000000 × 1 = 1000000 (QuotaPerUnit changed)
    ['QuotaPerUnit 1000000', price(1, { quotaPerUnit: 1_000_000 }), 1_000_000],
    // 0.000001 × 500000 = 0.5 → half away from zero: 1
    ['0.5 rounds to 1', price(0.000001), 1],
    // 0.0000009 × 500000 = 0.45 → 0 (no minimum for per-call prices)
    ['0.45 rounds to 0', price(0.0000009), 0],
    // price 0 (mj_inpaint) is free
    ['free action', price(0), 0],
  ])('%s', (_, pricing, expected) => {
    expect(perCallQuota(pricing)).toBe(expected);
    expect(textQuota(pricing, text(10, 5))).toMatchObject({ quota: expected, formula: 'per-call' });
  });
});

describe('claudeQuota: trunc((P + R × cache + W × creation + O × completion) × group × model)', () => {
  const claude = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheCreationTokens = 0): ClaudeUsage => ({
    kind: 'claude',
    inputTokens,
    outputTokens,
    cacheReadTokens,
    cacheCreationTokens,
  });
  it.each<[string, ModelPricing, ClaudeUsage, number]>([
    // (1000 + 200 × 5) × 1.5 = 2000 × 1.5 = 3000
    ['plain request', sonnet, claude(1000, 200), 3000],
    // (100 + 2000 × 0.1 + 1000 × 1.25 + 50 × 5) × 1.5 = (100 + 200 + 1250 + 250) × 1.5 = 1800 × 1.5 = 2700
    ['cache reads and cache writes', sonnet, claude(100, 50, 2000, 1000), 2700],
    // 1800 × 1.5 × 2 = 5400
    ['group ratio 2', { ...sonnet, groupRatio: 2 }, claude(100, 50, 2000, 1000), 5400],
    // 13 × 0.125 = 1.625 → truncated to 1 (rounding would give 2)
    ['truncates, does not round', haiku, claude(13, 0), 1],
    // (7 + 1 × 5) × 0.125 = 1.5 → 1
    ['1.5 truncates to 1', haiku, claude(7, 1), 1],
    // (30 + 2 × 5) × 0.125 = 5 → 5
    ['whole result', haiku, claude(30, 2), 5],
    // 1 × 0.125 = 0.125 → 0 → the minimum 1
    ['minimum 1', haiku, claude(1, 0), 1],
    // only cache reads: 100 × 0.1 × 1.5 = 15
    ['only cache reads still charge', sonnet, claude(0, 0, 100), 15],
    // 100 × 0.29 = 29 exactly (IEEE: 28.999999999999996 → 28)
    ['exact decimals at the truncation', ratio(0.29, 1), claude(100, 0), 29],
    // per call: 0.1 × 500000 = 50000
    ['per-call model', price(0.1), claude(10, 10), 50000],
    // one-hour writes at ratio 2: (100 + 1000 × 1.25 + 500 × 2 + 50 × 5) × 1.5 = 2600 × 1.5 = 3900
    ['one-hour cache writes priced apart', sonnet, { ...claude(100, 50, 0, 1000), cacheCreation1hTokens: 500 }, 3900],
    // only one-hour writes: 1000 × 2 × 1.5 = 3000
    ['only one-hour writes still charge', sonnet, { ...claude(0, 0), cacheCreation1hTokens: 1000 }, 3000],
  ])('%s', (_, pricing, usage, expected) => {
    expect(claudeQuota(pricing, usage).quota).toBe(expected);
  });

  it('records every cache write and the one-hour ones apart', () => {
    const settled = claudeQuota(sonnet, { ...claude(100, 50, 20, 1000), cacheCreation1hTokens: 500 });
    expect(settled).toMatchObject({ promptTokens: 100, completionTokens: 50, cacheTokens: 20, cacheCreationTokens: 1500, cacheCreation1hTokens: 500 });
  });

  it('charges 0 when no token at all was reported', () => {
    expect(claudeQuota(sonnet, claude(0, 0))).toMatchObject({ quota: 0, zeroTokens: true });
  });

  it('reports input (excluding cache), output, cache read and cache write tokens', () => {
    expect(claudeQuota(sonnet, claude(100, 50, 2000, 1000))).toMatchObject({
      formula: 'claude',
      promptTokens: 100,
      completionTokens: 50,
      cacheTokens: 2000,
      cacheCreationTokens: 1000,
    });
  });
});

describe('audioQuota: round((Ti + To × completion + Ai × audio + Ao × audio × 2) × model × group)', () => {
  const audio = (model: string, modelRatio: number): ModelPricing =>
    ratio(modelRatio, 4, { model, matchName: model, cacheRatio: 0.5 });
  const usage = (textIn: number, textOut: number, audioIn: number, audioOut: number, realtime = false): AudioUsage => ({
    kind: 'audio',
    textInputTokens: textIn,
    textOutputTokens: textOut,
    audioInputTokens: audioIn,
    audioOutputTokens: audioOut,
    realtime,
  });
  it.each<[string, ModelPricing, AudioUsage, number]>([
    // audio ratio 40: (100 + 50 × 4 + 1000 × 40 + 500 × 40 × 2) × 1.25 = (100 + 200 + 40000 + 40000) × 1.25 = 100375
    ['gpt-4o-audio-preview', audio('gpt-4o-audio-preview', 1.25), usage(100, 50, 1000, 500), 100375],
    // audio ratio 16: (100 × 16 + 10 × 16 × 2) × 1.25 = (1600 + 320) × 1.25 = 2400
    ['gpt-4o-audio-preview-2024-12-17', audio('gpt-4o-audio-preview-2024-12-17', 1.25), usage(0, 0, 100, 10), 2400],
    // audio ratio 10/0.15 = 66.66666666666667: 3 × 66.66666666666667 × 0.075 = 15.00000000000000075 → 15
    ['gpt-4o-mini-audio-preview input', audio('gpt-4o-mini-audio-preview', 0.075), usage(0, 0, 3, 0), 15],
    // 1 × 66.66666666666667 × 2 × 0.075 = 10.0000000000000005 → 10
    ['gpt-4o-mini-audio-preview output', audio('gpt-4o-mini-audio-preview', 0.075), usage(0, 0, 0, 1), 10],
    // audio ratio 8: (10 × 8 + 10 × 8 × 2) × 2.5 = 240 × 2.5 = 600
    ['realtime 2024-12-17', audio('gpt-4o-realtime-preview-2024-12-17', 2.5), usage(0, 0, 10, 10, true), 600],
    // audio ratio 10/0.6 = 16.666666666666668: 6 × 16.666666666666668 × 0.3 = 30.0000000000000024 → 30
    ['mini realtime', audio('gpt-4o-mini-realtime-preview', 0.3), usage(0, 0, 6, 0, true), 30],
    // 1 × 0.075 = 0.075 → 0 → the minimum 1
    ['minimum 1', audio('gpt-4o-mini-audio-preview', 0.075), usage(1, 0, 0, 0), 1],
    // group 2: 2400 × 2 = 4800
    ['group ratio 2', { ...audio('gpt-4o-audio-preview-2024-12-17', 1.25), groupRatio: 2 }, usage(0, 0, 100, 10), 4800],
  ])('%s', (_, pricing, audioUsage, expected) => {
    expect(audioQuota(pricing, audioUsage).quota).toBe(expected);
  });

  it('charges 0 without tokens and records the audio breakdown', () => {
    expect(audioQuota(audio('gpt-4o-audio-preview', 1.25), usage(0, 0, 0, 0))).toMatchObject({ quota: 0, zeroTokens: true });
    expect(audioQuota(audio('gpt-4o-audio-preview', 1.25), usage(100, 50, 1000, 500))).toMatchObject({
      formula: 'audio',
      promptTokens: 1100,
      completionTokens: 550,
      audio: { textInput: 100, textOutput: 50, audioInput: 1000, audioOutput: 500, audioRatio: 40, audioCompletionRatio: 2 },
    });
  });
});

describe('settleQuota', () => {
  it.each<[string, ModelPricing, Parameters<typeof settleQuota>[1], number, string]>([
    // (1000 + 2000) × 1.25 = 3750
    ['text', gpt4o, text(1000, 500), 3750, 'text'],
    // (13) × 0.125 = 1.625 → 1
    ['claude', haiku, { kind: 'claude', inputTokens: 13, outputTokens: 0 }, 1, 'claude'],
    // (1000 × 40) × 1.25 = 50000
    ['audio', ratio(1.25, 4, { matchName: 'gpt-4o-audio-preview' }), { kind: 'audio', textInputTokens: 0, textOutputTokens: 0, audioInputTokens: 1000, audioOutputTokens: 0 }, 50000, 'audio'],
  ])('dispatches %s usage', (_, pricing, usage, expected, formula) => {
    expect(settleQuota(pricing, usage)).toMatchObject({ quota: expected, formula });
  });
});

describe('preConsumeEstimate: trunc((P + max_tokens or PreConsumedQuota) × model × group)', () => {
  it.each<[string, ModelPricing, Parameters<typeof preConsumeEstimate>[1], number, number]>([
    // (1000 + 500) × 1.25 = 1875
    ['prompt + max_tokens', gpt4o, { promptTokens: 1000, maxTokens: 500 }, 500, 1875],
    // (200 + 500) × 1.25 = 875 (the reference ignores the prompt here: 500 × 1.25 = 625)
    ['prompt + PreConsumedQuota without max_tokens', gpt4o, { promptTokens: 200 }, 500, 875],
    // (0 + 1000) × 1.25 = 1250
    ['the PreConsumedQuota option', gpt4o, { promptTokens: 0 }, 1000, 1250],
    // max(300, 800) = 800: (100 + 800) × 1.25 = 1125
    ['the larger of max_tokens and max_completion_tokens', gpt4o, { promptTokens: 100, maxTokens: 300, maxCompletionTokens: 800 }, 500, 1125],
    // max_tokens 0 means unset: (100 + 500) × 1.25 = 750
    ['max_tokens 0 is unset', gpt4o, { promptTokens: 100, maxTokens: 0 }, 500, 750],
    // (10 + 3) × 0.075 = 0.975 → truncated to 0
    ['truncates', gpt4oMini, { promptTokens: 10, maxTokens: 3 }, 500, 0],
    // (10 + 10) × 15 × 2 = 600
    ['group ratio 2', ratio(15, 2, { groupRatio: 2 }), { promptTokens: 10, maxTokens: 10 }, 500, 600],
    // (50 + 50) × 0.29 = 29 exactly (IEEE: 28.999999999999996 → 28)
    ['exact decimals', ratio(0.29, 1), { promptTokens: 50, maxTokens: 50 }, 500, 29],
    // per call: 0.04 × 500000 = 20000, whatever the tokens
    ['per-call model reserves its price', price(0.04), { promptTokens: 5000, maxTokens: 100 }, 500, 20000],
  ])('%s', (_, pricing, request, preConsumedQuota, expected) => {
    expect(preConsumeEstimate(pricing, request, preConsumedQuota)).toBe(expected);
  });
});
