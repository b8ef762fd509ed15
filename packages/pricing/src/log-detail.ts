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
  /** Further notes to append to `content`. */
  readonly extraContent?: string;
}

/** The `other` JSON of a consume log. Optional members are present only when they apply. */
export interface ConsumeLogOther {
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
}

/** The columns of the consume log row that pricing decides. */
export interface ConsumeLogDetail {
  /** `model_name`: the requested model, custom GPTs collapsed to their wildcard. */
  readonly modelName: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly quota: number;
  readonly content: string;
  readonly other: ConsumeLogOther;
}

/**
 * Builds the log detail of a settlement (reference §3.8). `content` is the reference's text:
 * `模型倍率 X，补全倍率 Y，分组倍率 Z` (per call: `模型价格 X，分组倍率 Z`; audio adds the audio
 * ratios), then `（可能是上游超时）` for a request without tokens, `，模型 <name>` for a custom GPT,
 * and `, ` + the caller's notes followed by `（可能是请求出错）` when the usage was estimated. Two deliberate
 * differences: numbers are printed exactly (up to 6 decimals) where the reference prints 2
 * (`0.075` rather than `0.07`), and Claude requests get the same text where the reference leaves
 * it empty. `is_model_mapped`/`upstream_model_name` appear only when the upstream name differs.
 */
export function buildConsumeLogDetail(
  pricing: ModelPricing,
  settlement: Settlement,
  context: ConsumeLogContext,
): ConsumeLogDetail {
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
  return {
    modelName: pricing.matchName,
    promptTokens: settlement.promptTokens,
    completionTokens: settlement.completionTokens,
    quota: settlement.quota,
    content: logContent(pricing, settlement, context),
    other,
  };
}

function logContent(pricing: ModelPricing, settlement: Settlement, context: ConsumeLogContext): string {
  let content: string;
  if (pricing.usePrice) {
    content = `模型价格 ${formatNumber(pricing.modelPrice)}，分组倍率 ${formatNumber(pricing.groupRatio)}`;
  } else if (settlement.audio) {
    content =
      `模型倍率 ${formatNumber(pricing.modelRatio)}，补全倍率 ${formatNumber(pricing.completionRatio)}，` +
      `音频倍率 ${formatNumber(settlement.audio.audioRatio)}，音频补全倍率 ${formatNumber(settlement.audio.audioCompletionRatio)}，` +
      `分组倍率 ${formatNumber(pricing.groupRatio)}`;
  } else {
    content =
      `模型倍率 ${formatNumber(pricing.modelRatio)}，补全倍率 ${formatNumber(pricing.completionRatio)}，` +
      `分组倍率 ${formatNumber(pricing.groupRatio)}`;
  }
  if (settlement.zeroTokens) content += '（可能是上游超时）';
  if (pricing.matchName !== pricing.model) content += `，模型 ${pricing.model}`;
  const notes = (context.extraContent ?? '') + (context.usageEstimated ? '（可能是请求出错）' : '');
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
