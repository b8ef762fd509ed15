import type { ModelPricing } from './price-table';
import type { Settlement } from './quota';

/**
 * The consume log (type 2) of a settled request: its `content` text and `other` JSON (spec §3
 * "Log entry", reference §3.8), in the shape the console reads.
 */

/** What the relay knows about a request beyond its usage. */
export interface ConsumeLogContext {
  /** Milliseconds from the request's start to the first byte of the response (`frt`). */
  readonly firstResponseMs: number;
  /** The model name sent upstream after the channel's `model_mapping`, when known. */
  readonly upstreamModelName?: string;
  /** Every channel tried for the request, in order (`admin_info.use_channel`). */
  readonly usedChannels: readonly (number | string)[];
  /** The request's `reasoning_effort`, if any. */
  readonly reasoningEffort?: string;
  /** A ratio special to the user's group, when one applied; -1 (the default) means none. */
  readonly userGroupRatio?: number;
  /** The upstream reported no usage and the prompt tokens were estimated locally. */
  readonly usageEstimated?: boolean;
}

/**
 * The `other` JSON of a consume log. Optional members are present only when they apply. (A type
 * rather than an interface, so a record's `Record<string, unknown>` takes it as it is.)
 */
export type ConsumeLogOther = {
  model_ratio: number;
  group_ratio: number;
  completion_ratio: number;
  cache_tokens: number;
  cache_ratio: number;
  /** USD per call; -1 for per-token pricing. */
  model_price: number;
  user_group_ratio: number;
  /** First response time, milliseconds. */
  frt: number;
  reasoning_effort?: string;
  is_model_mapped?: true;
  upstream_model_name?: string;
  admin_info: { use_channel: string[] };
  /** Claude Messages usage. */
  claude?: true;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
  /** Cache writes kept for five minutes and for an hour, priced apart. */
  cache_creation_tokens_5m?: number;
  cache_creation_tokens_1h?: number;
  cache_creation_ratio_1h?: number;
  /** Audio chat (`audio`) or Realtime session (`ws`) usage. */
  audio?: true;
  ws?: true;
  audio_input?: number;
  audio_output?: number;
  text_input?: number;
  text_output?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
};

/**
 * What the consume log's `content` says beyond the figures of `other`. Each member is present only
 * when it applies, so a usage record carries them at no cost in the common case.
 */
export interface ConsumeLogNotes {
  /** The usage reported no token at all: nothing is charged (the upstream most likely timed out). */
  zeroTokens?: true;
  /** The model as the client named it, when it is priced and logged under another name (a custom GPT). */
  requestedModel?: string;
  /** The upstream reported no usage: the prompt tokens were counted locally. */
  usageEstimated?: true;
}

/** The columns of the consume log row that pricing decides, and the notes its `content` is worded from. */
export interface ConsumeLogDetail extends ConsumeLogNotes {
  /** `model_name`: the requested model, custom GPTs collapsed to their wildcard. */
  readonly modelName: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly quota: number;
  readonly other: ConsumeLogOther;
}

/**
 * Builds the log detail of a settlement (reference §3.8): the figures of `other` and the notes the
 * log's text is worded from when billing settles it ({@link consumeLogContent}), so the relay does no
 * text formatting per request. `is_model_mapped`/`upstream_model_name` appear only when the
 * upstream name differs.
 */
export function buildConsumeLogDetail(
  pricing: ModelPricing,
  settlement: Settlement,
  context: ConsumeLogContext,
): ConsumeLogDetail {
  const detail: ConsumeLogDetail = {
    modelName: pricing.matchName,
    promptTokens: settlement.promptTokens,
    completionTokens: settlement.completionTokens,
    quota: settlement.quota,
    other: buildConsumeLogOther(pricing, settlement, context),
  };
  if (settlement.zeroTokens) detail.zeroTokens = true;
  if (pricing.matchName !== pricing.model) detail.requestedModel = pricing.model;
  if (context.usageEstimated) detail.usageEstimated = true;
  return detail;
}

/** The `other` JSON of the consume log of a settlement. */
export function buildConsumeLogOther(pricing: ModelPricing, settlement: Settlement, context: ConsumeLogContext): ConsumeLogOther {
  const other: ConsumeLogOther = {
    model_ratio: pricing.modelRatio,
    group_ratio: pricing.groupRatio,
    completion_ratio: pricing.completionRatio,
    cache_tokens: settlement.cacheTokens,
    cache_ratio: pricing.cacheRatio,
    model_price: pricing.modelPrice,
    user_group_ratio: context.userGroupRatio ?? -1,
    frt: Number.isFinite(context.firstResponseMs) ? Math.max(0, context.firstResponseMs) : 0,
    admin_info: { use_channel: context.usedChannels.map(String) },
  };
  if (context.reasoningEffort) other.reasoning_effort = context.reasoningEffort;
  if (context.upstreamModelName !== undefined && context.upstreamModelName !== pricing.model) {
    other.is_model_mapped = true;
    other.upstream_model_name = context.upstreamModelName;
  }
  if (settlement.usage.kind === 'claude') {
    other.claude = true;
    other.cache_creation_tokens = settlement.cacheCreationTokens;
    other.cache_creation_ratio = pricing.cacheCreationRatio;
    other.cache_creation_tokens_5m = settlement.cacheCreationTokens - settlement.cacheCreation1hTokens;
    other.cache_creation_tokens_1h = settlement.cacheCreation1hTokens;
    other.cache_creation_ratio_1h = pricing.cacheCreation1hRatio;
  }
  if (settlement.audio) {
    if (settlement.usage.kind === 'audio' && settlement.usage.realtime) other.ws = true;
    else other.audio = true;
    other.audio_input = settlement.audio.audioInput;
    other.audio_output = settlement.audio.audioOutput;
    other.text_input = settlement.audio.textInput;
    other.text_output = settlement.audio.textOutput;
    other.audio_ratio = settlement.audio.audioRatio;
    other.audio_completion_ratio = settlement.audio.audioCompletionRatio;
  }
  return other;
}

/** A settled consume log as a usage record carries it: its `other` figures and its notes. */
export interface ConsumeLogFacts extends Readonly<ConsumeLogNotes> {
  readonly other?: Readonly<Record<string, unknown>>;
  /** Further notes to append to `content`. */
  readonly extraContent?: string;
}

/**
 * Words the consume log's `content` from the figures of its `other` and its notes (reference §3.8):
 * `模型倍率 X，补全倍率 Y，分组倍率 Z` (per call: `模型价格 X，分组倍率 Z`; audio adds the audio
 * ratios), then `（可能是上游超时）` for a request without tokens, `，模型 <name>` for a custom GPT,
 * and `, ` + the caller's notes followed by `（可能是请求出错）` when the usage was estimated. Two
 * deliberate differences: numbers are printed exactly (up to 6 decimals) where the reference prints
 * 2 (`0.075` rather than `0.07`), and Claude requests get the same text where the reference leaves
 * it empty. Undefined when `other` does not carry the ratios (a record priced some other way).
 */
export function consumeLogContent(facts: ConsumeLogFacts): string | undefined {
  const other = facts.other;
  if (!other) return undefined;
  const { model_price: price, model_ratio: ratio, completion_ratio: completion, group_ratio: group } = other;
  if (typeof price !== 'number' || typeof ratio !== 'number' || typeof completion !== 'number' || typeof group !== 'number') {
    return undefined;
  }
  let content: string;
  // A per-token model logs the price -1; a price set in `ModelPrice` is never negative.
  if (price >= 0) {
    content = `模型价格 ${formatNumber(price)}，分组倍率 ${formatNumber(group)}`;
  } else if (typeof other.audio_ratio === 'number' && typeof other.audio_completion_ratio === 'number') {
    content =
      `模型倍率 ${formatNumber(ratio)}，补全倍率 ${formatNumber(completion)}，` +
      `音频倍率 ${formatNumber(other.audio_ratio)}，音频补全倍率 ${formatNumber(other.audio_completion_ratio)}，` +
      `分组倍率 ${formatNumber(group)}`;
  } else {
    content = `模型倍率 ${formatNumber(ratio)}，补全倍率 ${formatNumber(completion)}，分组倍率 ${formatNumber(group)}`;
  }
  if (facts.zeroTokens) content += '（可能是上游超时）';
  if (facts.requestedModel !== undefined) content += `，模型 ${facts.requestedModel}`;
  const notes = (facts.extraContent ?? '') + (facts.usageEstimated ? '（可能是请求出错）' : '');
  if (notes !== '') content += `, ${notes}`;
  return content;
}

/** A ratio or price for humans: at most 6 decimals, no trailing zeros (`0.075`, `1.333333`, `2`). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = value.toFixed(6);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}
