import type { UsageRecord } from '@modelgate/contracts/bus';
import {
  buildConsumeLogDetail,
  type ConsumeLogNotes,
  imageQuota,
  type ModelPricing,
  type PriceTable,
  preConsumeEstimate,
  resolveModelPricing,
  type Settlement,
  settleQuota,
  speechPromptTokens,
  transcriptionTokens,
  usesAudioFormula,
} from '@modelgate/pricing';
import { AppError, GrpcCode } from '@modelgate/runtime';
import { completionTokensOf, countCompletionTokens } from '../metering';
import type { RequestSummary } from '../protocols/request';
import { type Usage, uncachedPromptTokens } from '../protocols/usage';
import type { RelayOptions } from '../state';

/** A model without price or ratio (the reference's 500 `model_price_error`; ours is a client-visible 400). */
export class ModelPriceError extends AppError {
  constructor(message: string) {
    super('model_price_error', message, 400, GrpcCode.FAILED_PRECONDITION);
  }
}

/** Most (group, model) pairs priced per price table kept; beyond it the cache starts over. */
const PRICING_CACHE_LIMIT = 10_000;
const pricingCache = new WeakMap<PriceTable, Map<string, ModelPricing>>();

/**
 * The pricing of a model in a group, resolved once per price table (the table is rebuilt when a
 * pricing option changes, which drops its cache with it). Refusals are not cached: they carry
 * a message that depends on the caller.
 */
function cachedPricing(table: PriceTable, model: string, group: string, userRole: number): ModelPricing {
  let byPair = pricingCache.get(table);
  if (!byPair) pricingCache.set(table, (byPair = new Map()));
  const key = `${group}\u0000${model}`;
  const hit = byPair.get(key);
  if (hit) return hit;
  const priced = resolveModelPricing(table, { model, group, userRole });
  if (!priced.ok) throw new ModelPriceError(priced.error.message);
  if (byPair.size >= PRICING_CACHE_LIMIT) byPair.clear();
  byPair.set(key, priced.pricing);
  return priced.pricing;
}

/** The price of a request decided at admission. */
export interface PricedRequest {
  readonly pricing: ModelPricing;
  /**
   * Prompt tokens counted locally: the fallback when the upstream reports no usage. Counted on
   * first call only — most answers carry usage, and tokenizing costs CPU and the encoding's memory.
   */
  readonly promptTokens: () => number;
  /** Quota to reserve before the upstream call. */
  readonly estimate: number;
}

/**
 * Prices a request from the in-memory options: the model's price or ratios in the billed group
 * (an unpriced model is refused unless self-use mode accepts it), the local prompt-token count,
 * and the reservation — the image price itself for image generations, edits and variations (it is
 * known up front), else the reference's pre-consume estimate.
 */
export function priceRequest(summary: RequestSummary, group: string, userRole: number, options: RelayOptions): PricedRequest {
  const pricing = cachedPricing(options.priceTable(), summary.model, group, userRole);
  if (summary.metering === 'image') {
    return { pricing, promptTokens: () => 0, estimate: imageQuota(pricing, summary.image ?? {}) };
  }
  const promptTokens = summary.metering === 'transcription' ? () => 0 : summary.promptTokens;
  // The reservation is the prompt plus max_tokens (or PreConsumedQuota), the prompt sized from the
  // body (about four bytes a token) rather than tokenized: a reservation is only a hold, settled
  // from the upstream's usage, and tokenizing every prompt would cost milliseconds on large ones
  // (Claude Code sends 50 kB of system prompt and tools, and always states max_tokens). Speech is
  // priced by characters, which cost nothing to count.
  const stated = { maxTokens: summary.maxTokens, maxCompletionTokens: summary.maxCompletionTokens };
  const estimatedPrompt = summary.metering === 'speech' ? promptTokens() : Math.ceil(summary.bodyBytes / 4);
  const estimate = preConsumeEstimate(pricing, { promptTokens: estimatedPrompt, ...stated }, options.preConsumedQuota());
  return { pricing, promptTokens, estimate };
}

/** What the response told billing. */
export interface ResponseMetering {
  /** The upstream's usage, when it reported one. */
  readonly usage: Usage | undefined;
  /**
   * The usage covers only the prompt (a stream cut before its final report): the completion is
   * counted locally from `completionText`.
   */
  readonly usagePartial?: boolean;
  /** Completion text collected from a stream without (complete) usage, counted locally. */
  readonly completionText?: string;
  /** Tokens of `completionText`, when the stream already counted it (billing then counts nothing again). */
  readonly completionTextTokens?: number;
  readonly toolCalls?: number;
  /** Seconds of audio a transcription reported (`duration` / `usage.seconds`). */
  readonly audioSeconds?: number;
}

/** The facts of the finished request the usage record and its log row carry. */
export interface SettlementContext {
  readonly requestId: string;
  readonly userId: number;
  readonly tokenId: number;
  /** The log's token name of a request without a token (token id 0). */
  readonly tokenName?: string;
  readonly group: string;
  readonly channelId: number;
  readonly usedChannels: readonly number[];
  readonly upstreamModel: string;
  readonly startedAt: number;
  readonly firstResponseAt: number | undefined;
  readonly leaseId?: string;
  readonly reserved: number;
}

function perCallSettlement(quota: number, promptTokens: number): Settlement {
  return {
    quota,
    formula: 'per-call',
    zeroTokens: false,
    usage: { kind: 'text', promptTokens, completionTokens: 0 },
    promptTokens,
    completionTokens: 0,
    cacheTokens: 0,
    cacheCreationTokens: 0,
    cacheCreation1hTokens: 0,
  };
}

/** The usage a Claude upstream reported, in the terms of Claude's formula. */
function claudeUsageOf(usage: Usage, completionTokens: number) {
  return {
    kind: 'claude' as const,
    inputTokens: uncachedPromptTokens(usage),
    outputTokens: completionTokens,
    cacheReadTokens: usage.cachedTokens,
    cacheCreationTokens: usage.cacheWriteTokens,
    cacheCreation1hTokens: usage.cacheWrite1hTokens,
  };
}

/** The settlement of a usage report by the formula of the protocol that made it. */
function settleUsage(pricing: PricedRequest['pricing'], model: string, usage: Usage, completionTokens: number): Settlement {
  if (usage.source === 'anthropic') return settleQuota(pricing, claudeUsageOf(usage, completionTokens));
  if (usesAudioFormula(model) && (usage.promptAudioTokens > 0 || usage.completionAudioTokens > 0)) {
    return settleQuota(pricing, {
      kind: 'audio',
      textInputTokens: usage.promptTokens - usage.promptAudioTokens,
      textOutputTokens: completionTokens - usage.completionAudioTokens,
      audioInputTokens: usage.promptAudioTokens,
      audioOutputTokens: usage.completionAudioTokens,
    });
  }
  return settleQuota(pricing, { kind: 'text', promptTokens: usage.promptTokens, completionTokens, cachedTokens: usage.cachedTokens });
}

/** The completion of a stream whose usage did not cover it: counted from what was delivered. */
function deliveredCompletion(summary: RequestSummary, metering: ResponseMetering): number {
  if (metering.completionText === undefined) return 0;
  const toolCalls = metering.toolCalls ?? 0;
  return metering.completionTextTokens !== undefined
    ? completionTokensOf(metering.completionTextTokens, toolCalls)
    : countCompletionTokens(summary.model, metering.completionText, toolCalls);
}

/** The settlement of a finished request by its metering rule (reference §3.3–§3.5). */
function settle(summary: RequestSummary, priced: PricedRequest, metering: ResponseMetering): {
  settlement: Settlement;
  estimated: boolean;
} {
  const { pricing } = priced;
  if (summary.metering === 'image') {
    // gpt-image models report the tokens they read and drew: a model priced by ratio is billed by
    // them; one with a per-call price (and every model reporting none) by the image price.
    const usage = metering.usage;
    if (usage && !pricing.usePrice && usage.promptTokens + usage.completionTokens > 0) {
      return { settlement: settleUsage(pricing, summary.model, usage, usage.completionTokens), estimated: false };
    }
    return { settlement: perCallSettlement(priced.estimate, summary.image?.n ?? 1), estimated: false };
  }
  if (summary.metering === 'speech') {
    const input = summary.speechInput ?? '';
    const promptTokens = speechPromptTokens(summary.model, input) ?? priced.promptTokens();
    return { settlement: settleQuota(pricing, { kind: 'text', promptTokens, completionTokens: 0 }), estimated: false };
  }
  const usage = metering.usage;
  if (!usage && metering.audioSeconds !== undefined) {
    const promptTokens = transcriptionTokens(metering.audioSeconds);
    return { settlement: settleQuota(pricing, { kind: 'text', promptTokens, completionTokens: 0 }), estimated: false };
  }
  if (usage) {
    const completion = metering.usagePartial
      ? Math.max(usage.completionTokens, deliveredCompletion(summary, metering))
      : usage.completionTokens;
    return { settlement: settleUsage(pricing, summary.model, usage, completion), estimated: false };
  }
  const completionTokens = deliveredCompletion(summary, metering);
  return {
    settlement: settleQuota(pricing, { kind: 'text', promptTokens: priced.promptTokens(), completionTokens }),
    estimated: true,
  };
}

/**
 * The usage record of a finished request: the charge by the endpoint's rule, and the consume
 * log's `other` figures and notes (billing words the log's text from them), keyed by the request
 * id so billing settles it exactly once.
 */
export function buildUsageRecord(
  summary: RequestSummary,
  priced: PricedRequest,
  metering: ResponseMetering,
  context: SettlementContext,
  now = Date.now(),
): UsageRecord {
  const { settlement, estimated } = settle(summary, priced, metering);
  const detail = buildConsumeLogDetail(priced.pricing, settlement, {
    firstResponseMs: context.firstResponseAt === undefined ? 0 : context.firstResponseAt - context.startedAt,
    upstreamModelName: context.upstreamModel,
    usedChannels: context.usedChannels,
    usageEstimated: estimated,
    reasoningEffort: summary.reasoningEffort,
  });
  const record: UsageRecord = {
    requestId: context.requestId,
    userId: context.userId,
    tokenId: context.tokenId,
    channelId: context.channelId,
    model: detail.modelName,
    group: context.group,
    promptTokens: detail.promptTokens,
    completionTokens: detail.completionTokens,
    quota: detail.quota,
    isStream: summary.stream,
    createdAt: Math.floor(context.startedAt / 1000),
    other: detail.other,
    useTime: Math.max(0, Math.floor((now - context.startedAt) / 1000)),
    reserved: context.reserved,
  };
  if (context.tokenId === 0 && context.tokenName) record.tokenName = context.tokenName;
  if (context.leaseId) record.leaseId = context.leaseId;
  copyLogNotes(detail, record);
  return record;
}

/** Carries the notes of a consume log detail into its usage record, only those that apply. */
export function copyLogNotes(notes: ConsumeLogNotes, record: UsageRecord): void {
  if (notes.zeroTokens) record.zeroTokens = true;
  if (notes.requestedModel !== undefined) record.requestedModel = notes.requestedModel;
  if (notes.usageEstimated) record.usageEstimated = true;
}
