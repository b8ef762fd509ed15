import { AUDIO_COMPLETION_RATIO, audioRatio } from './audio-ratio';
import {
  type Decimal,
  decimalFromNumber,
  multiply,
  productOf,
  roundHalfAwayFromZero,
  sumOf,
} from './decimal';
import type { ModelPricing } from './price-table';
import { weightedQuota } from './weighted-quota';

/**
 * The quota formulas (reference §3.2–§3.4, spec §9). All amounts are whole quota units; every
 * intermediate value is exact ({@link Decimal}), so rounding happens once, at the end, as the
 * reference does it. Token counts that are negative, fractional or not numbers are taken as 0
 * (fractions floored): a malformed usage report never makes a charge negative or throws.
 */

/** Token usage of a settled request, in the shape of the wire protocol that reported it. */
export type SettlementUsage = TextUsage | ClaudeUsage | AudioUsage;

/** OpenAI-style usage: `cachedTokens` (`prompt_tokens_details.cached_tokens`) are part of the prompt. */
export interface TextUsage {
  readonly kind: 'text';
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens?: number;
}

/** Anthropic usage: `inputTokens` already excludes cache reads and writes. */
export interface ClaudeUsage {
  readonly kind: 'claude';
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens?: number;
  /** Cache writes kept for five minutes. */
  readonly cacheCreationTokens?: number;
  /** Cache writes kept for an hour, priced apart. */
  readonly cacheCreation1hTokens?: number;
}

/** GPT-4o audio chat or Realtime usage, split into text and audio tokens. */
export interface AudioUsage {
  readonly kind: 'audio';
  readonly textInputTokens: number;
  readonly textOutputTokens: number;
  readonly audioInputTokens: number;
  readonly audioOutputTokens: number;
  /** A Realtime (websocket) session rather than an audio chat completion; changes the log only. */
  readonly realtime?: boolean;
}

/** The audio ratios a settlement used. */
export interface AudioBreakdown {
  readonly textInput: number;
  readonly textOutput: number;
  readonly audioInput: number;
  readonly audioOutput: number;
  readonly audioRatio: number;
  readonly audioCompletionRatio: number;
}

/** The charge of one request and the token counts it was computed from. */
export interface Settlement {
  readonly quota: number;
  /** Which formula produced `quota`. */
  readonly formula: 'per-call' | 'text' | 'claude' | 'audio';
  /** The usage reported no token at all: charge 0, and do not count the request (§3.3). */
  readonly zeroTokens: boolean;
  readonly usage: SettlementUsage;
  /** Prompt and completion tokens as the log row records them. */
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cacheTokens: number;
  /** Every cache write, five-minute and one-hour. */
  readonly cacheCreationTokens: number;
  /** The one-hour writes among them. */
  readonly cacheCreation1hTokens: number;
  /** Present for audio usage. */
  readonly audio?: AudioBreakdown;
}

/** What a settlement is besides its charge. */
type SettlementBase = Omit<Settlement, 'quota' | 'formula' | 'zeroTokens'>;

/**
 * A settlement of `base`, built as one literal: an object spread (`{ ...base, quota }`) costs
 * microseconds per settlement on the relay's hot path, a literal well under one.
 */
function settled(base: SettlementBase, quota: number, formula: Settlement['formula'], zeroTokens: boolean): Settlement {
  const { usage, promptTokens, completionTokens, cacheTokens, cacheCreationTokens, cacheCreation1hTokens, audio } = base;
  return audio
    ? { quota, formula, zeroTokens, usage, promptTokens, completionTokens, cacheTokens, cacheCreationTokens, cacheCreation1hTokens, audio }
    : { quota, formula, zeroTokens, usage, promptTokens, completionTokens, cacheTokens, cacheCreationTokens, cacheCreation1hTokens };
}

/** Sanitised token count: a non-negative integer. */
export function tokenCount(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * Per-call price (reference §3.3 price mode): `round(ModelPrice × QuotaPerUnit × GroupRatio)`,
 * e.g. $0.04 × 500000 × 1 = 20000. A price of 0 is free; no minimum applies.
 */
export function perCallQuota(pricing: Pick<ModelPricing, 'modelPrice' | 'quotaPerUnit' | 'groupRatio'>): number {
  if (!(pricing.modelPrice > 0)) return 0;
  return Math.max(0, roundHalfAwayFromZero(productOf(pricing.modelPrice, pricing.quotaPerUnit, pricing.groupRatio)));
}

/**
 * The minimum charge: a request that used tokens of a model and group that are not free is never
 * charged 0. The reference applies its "at least 1" test before rounding, so 1 token at ratio
 * 0.075 (0.075 units) still rounds to a free request; we apply it to the rounded amount.
 */
function atLeastOne(quota: number, pricing: ModelPricing): number {
  return quota <= 0 && pricing.modelRatio !== 0 && pricing.groupRatio !== 0 ? 1 : quota;
}

function tokens(value: number): Decimal {
  return decimalFromNumber(value);
}

function ratioOf(pricing: ModelPricing): Decimal {
  return productOf(pricing.modelRatio, pricing.groupRatio);
}

/**
 * Text settlement (reference §3.3; chat, completions, embeddings, rerank, moderation, TTS, STT):
 * `round(((P − C) + C × CacheRatio + O × CompletionRatio) × ModelRatio × GroupRatio)`, rounding
 * halves up, at least 1 (see {@link atLeastOne}); per-call models charge {@link perCallQuota}.
 * Cached tokens are capped at the prompt tokens. When `P + O = 0` the charge is 0 (§3.3: the
 * upstream most likely failed) whatever the pricing.
 */
export function textQuota(pricing: ModelPricing, usage: TextUsage): Settlement {
  const prompt = tokenCount(usage.promptTokens);
  const completion = tokenCount(usage.completionTokens);
  const cached = Math.min(tokenCount(usage.cachedTokens), prompt);
  const base = { usage, promptTokens: prompt, completionTokens: completion, cacheTokens: cached, cacheCreationTokens: 0, cacheCreation1hTokens: 0 };
  if (prompt + completion === 0) return settled(base, 0, formulaOf(pricing, 'text'), true);
  if (pricing.usePrice) return settled(base, perCallQuota(pricing), 'per-call', false);
  const weighted = [prompt - cached, 1, cached, pricing.cacheRatio, completion, pricing.completionRatio];
  const quota = atLeastOne(weightedQuota(weighted, pricing.modelRatio, pricing.groupRatio, 'round'), pricing);
  return settled(base, quota, 'text', false);
}

/**
 * Claude settlement (reference §3.4), for every answer a Claude upstream gave whatever protocol the
 * client spoke:
 * `trunc((P + R × CacheRatio + W × CacheCreationRatio + H × CacheCreation1hRatio + O × CompletionRatio) × GroupRatio × ModelRatio)`
 * — truncated, not rounded, as the reference does, but computed exactly (the reference's float
 * arithmetic can lose a unit at the truncation); at least 1. P excludes cache reads (R), five-minute
 * cache writes (W) and one-hour ones (H), which the reference did not tell apart. No charge when
 * no token at all was reported.
 */
export function claudeQuota(pricing: ModelPricing, usage: ClaudeUsage): Settlement {
  const input = tokenCount(usage.inputTokens);
  const output = tokenCount(usage.outputTokens);
  const cacheRead = tokenCount(usage.cacheReadTokens);
  const cacheCreation = tokenCount(usage.cacheCreationTokens);
  const cacheCreation1h = tokenCount(usage.cacheCreation1hTokens);
  const base = {
    usage,
    promptTokens: input,
    completionTokens: output,
    cacheTokens: cacheRead,
    cacheCreationTokens: cacheCreation + cacheCreation1h,
    cacheCreation1hTokens: cacheCreation1h,
  };
  if (input + output + cacheRead + cacheCreation + cacheCreation1h === 0) {
    return settled(base, 0, formulaOf(pricing, 'claude'), true);
  }
  if (pricing.usePrice) return settled(base, perCallQuota(pricing), 'per-call', false);
  const weighted = [
    input,
    1,
    cacheRead,
    pricing.cacheRatio,
    cacheCreation,
    pricing.cacheCreationRatio,
    cacheCreation1h,
    pricing.cacheCreation1hRatio,
    output,
    pricing.completionRatio,
  ];
  const quota = atLeastOne(weightedQuota(weighted, pricing.modelRatio, pricing.groupRatio, 'truncate'), pricing);
  return settled(base, quota, 'claude', false);
}

/**
 * Audio settlement (reference §3.4; GPT-4o audio chat and Realtime):
 * `round((Ti + To × CompletionRatio + Ai × AudioRatio + Ao × AudioRatio × AudioCompletionRatio)
 * × ModelRatio × GroupRatio)`, at least 1; AudioRatio per {@link audioRatio}, AudioCompletionRatio 2.
 */
export function audioQuota(pricing: ModelPricing, usage: AudioUsage): Settlement {
  const textInput = tokenCount(usage.textInputTokens);
  const textOutput = tokenCount(usage.textOutputTokens);
  const audioInput = tokenCount(usage.audioInputTokens);
  const audioOutput = tokenCount(usage.audioOutputTokens);
  const ratio = audioRatio(pricing.matchName);
  const audio: AudioBreakdown = {
    textInput,
    textOutput,
    audioInput,
    audioOutput,
    audioRatio: ratio,
    audioCompletionRatio: AUDIO_COMPLETION_RATIO,
  };
  const base = {
    usage,
    promptTokens: textInput + audioInput,
    completionTokens: textOutput + audioOutput,
    cacheTokens: 0,
    cacheCreationTokens: 0,
    cacheCreation1hTokens: 0,
    audio,
  };
  if (textInput + textOutput + audioInput + audioOutput === 0) {
    return settled(base, 0, formulaOf(pricing, 'audio'), true);
  }
  if (pricing.usePrice) return settled(base, perCallQuota(pricing), 'per-call', false);
  const weighted = sumOf(
    tokens(textInput),
    productOf(textOutput, pricing.completionRatio),
    productOf(audioInput, ratio),
    productOf(audioOutput, ratio, AUDIO_COMPLETION_RATIO),
  );
  const quota = atLeastOne(roundHalfAwayFromZero(multiply(weighted, ratioOf(pricing))), pricing);
  return settled(base, quota, 'audio', false);
}

function formulaOf(pricing: ModelPricing, formula: Settlement['formula']): Settlement['formula'] {
  return pricing.usePrice ? 'per-call' : formula;
}

/** Settles `usage` with the formula of its kind. */
export function settleQuota(pricing: ModelPricing, usage: SettlementUsage): Settlement {
  switch (usage.kind) {
    case 'text':
      return textQuota(pricing, usage);
    case 'claude':
      return claudeQuota(pricing, usage);
    case 'audio':
      return audioQuota(pricing, usage);
  }
}

/** What a request says about its size before it is sent upstream. */
export interface EstimateRequest {
  /** Prompt tokens counted locally (TTS: characters; STT: 0). */
  readonly promptTokens: number;
  /** `max_tokens`, when the request sets it (0 or absent: not set). */
  readonly maxTokens?: number;
  /** `max_completion_tokens`, when the request sets it. */
  readonly maxCompletionTokens?: number;
}

/**
 * The pre-consume estimate reserved at admission (reference §3.2), in quota units. Per-call
 * models reserve their {@link perCallQuota} (the reference truncates here but rounds at
 * settlement; reserving the settled amount makes the settlement delta 0). Per-token models
 * reserve `trunc((P + M) × ModelRatio × GroupRatio)`, where M is the larger of `max_tokens` and
 * `max_completion_tokens` or, when neither is set, the `PreConsumedQuota` option. The reference
 * drops P when no max_tokens is set — the flaw §3.2 notes, which lets a huge prompt reserve only
 * 500 tokens; we always count the prompt (as one-api does).
 */
export function preConsumeEstimate(pricing: ModelPricing, request: EstimateRequest, preConsumedQuota: number): number {
  if (pricing.usePrice) return perCallQuota(pricing);
  const stated = Math.max(tokenCount(request.maxTokens), tokenCount(request.maxCompletionTokens));
  const total = tokenCount(request.promptTokens) + (stated > 0 ? stated : tokenCount(preConsumedQuota));
  return Math.max(0, weightedQuota([total, 1], pricing.modelRatio, pricing.groupRatio, 'truncate'));
}
