import {
  buildConsumeLogDetail,
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
import { AppError, GrpcCode, type UsageRecord } from '@modelgate/runtime';
import { countCompletionTokens, estimatePromptTokens, imageRequestOf, maxTokensOf, reasoningEffortOf } from '../metering';
import type { Usage } from '../providers/types';
import type { RelayOptions } from '../state';
import type { ParsedRelayRequest } from './parse-request';

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
 * and the reservation — the image price itself for image generation (it is known up front), else
 * the reference's pre-consume estimate.
 */
export function priceRequest(
  request: ParsedRelayRequest,
  group: string,
  userRole: number,
  options: RelayOptions,
): PricedRequest {
  const pricing = cachedPricing(options.priceTable(), request.model, group, userRole);
  const json = request.json ?? {};
  if (request.endpoint === 'images/generations') {
    return { pricing, promptTokens: () => 0, estimate: imageQuota(pricing, imageRequestOf(json)) };
  }
  let counted: number | undefined;
  const promptTokens = () =>
    (counted ??=
      request.endpoint === 'audio/transcriptions' || request.endpoint === 'audio/translations'
        ? 0
        : estimatePromptTokens(request.endpoint, request.model, json));
  // With max_tokens stated the reservation is prompt + max_tokens, so the prompt is counted; without
  // it the reservation is dominated by PreConsumedQuota and a size estimate of the body will do.
  const stated = maxTokensOf(json);
  const exact = stated.maxTokens !== undefined || stated.maxCompletionTokens !== undefined || request.endpoint === 'audio/speech';
  const estimatedPrompt = exact ? promptTokens() : Math.ceil(request.body.length / 4);
  const estimate = preConsumeEstimate(pricing, { promptTokens: estimatedPrompt, ...stated }, options.preConsumedQuota());
  return { pricing, promptTokens, estimate };
}

/** What the response told billing. */
export interface ResponseMetering {
  /** The upstream's usage, when it reported one. */
  readonly usage: Usage | undefined;
  /** Completion text collected from a stream without usage (counted locally). */
  readonly completionText?: string;
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
  };
}

/** The settlement of a finished request by its endpoint's rule (reference §3.3–§3.5). */
function settle(request: ParsedRelayRequest, priced: PricedRequest, metering: ResponseMetering): {
  settlement: Settlement;
  estimated: boolean;
} {
  const { pricing } = priced;
  const json = request.json ?? {};
  if (request.endpoint === 'images/generations') {
    return { settlement: perCallSettlement(priced.estimate, imageRequestOf(json).n ?? 1), estimated: false };
  }
  if (request.endpoint === 'audio/speech') {
    const input = typeof json['input'] === 'string' ? json['input'] : '';
    const promptTokens = speechPromptTokens(request.model, input) ?? priced.promptTokens();
    return { settlement: settleQuota(pricing, { kind: 'text', promptTokens, completionTokens: 0 }), estimated: false };
  }
  const usage = metering.usage;
  if (!usage && metering.audioSeconds !== undefined) {
    const promptTokens = transcriptionTokens(metering.audioSeconds);
    return { settlement: settleQuota(pricing, { kind: 'text', promptTokens, completionTokens: 0 }), estimated: false };
  }
  if (usage && usesAudioFormula(request.model) && (usage.promptAudioTokens > 0 || usage.completionAudioTokens > 0)) {
    return {
      settlement: settleQuota(pricing, {
        kind: 'audio',
        textInputTokens: usage.promptTokens - usage.promptAudioTokens,
        textOutputTokens: usage.completionTokens - usage.completionAudioTokens,
        audioInputTokens: usage.promptAudioTokens,
        audioOutputTokens: usage.completionAudioTokens,
      }),
      estimated: false,
    };
  }
  if (usage) {
    return {
      settlement: settleQuota(pricing, {
        kind: 'text',
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        cachedTokens: usage.cachedTokens,
      }),
      estimated: false,
    };
  }
  const completionTokens =
    metering.completionText !== undefined
      ? countCompletionTokens(request.model, metering.completionText, metering.toolCalls ?? 0)
      : 0;
  return {
    settlement: settleQuota(pricing, { kind: 'text', promptTokens: priced.promptTokens(), completionTokens }),
    estimated: true,
  };
}

/**
 * The usage record of a finished request: the charge by the endpoint's rule, and the consume
 * log's content and `other` fields, keyed by the request id so billing settles it exactly once.
 */
export function buildUsageRecord(
  request: ParsedRelayRequest,
  priced: PricedRequest,
  metering: ResponseMetering,
  context: SettlementContext,
  now = Date.now(),
): UsageRecord {
  const { settlement, estimated } = settle(request, priced, metering);
  const reasoningEffort = reasoningEffortOf(request.json ?? {});
  const detail = buildConsumeLogDetail(priced.pricing, settlement, {
    firstResponseMs: context.firstResponseAt === undefined ? 0 : context.firstResponseAt - context.startedAt,
    upstreamModelName: context.upstreamModel,
    usedChannels: context.usedChannels,
    usageEstimated: estimated,
    ...(reasoningEffort ? { reasoningEffort } : {}),
  });
  return {
    requestId: context.requestId,
    userId: context.userId,
    tokenId: context.tokenId,
    ...(context.tokenId === 0 && context.tokenName ? { tokenName: context.tokenName } : {}),
    channelId: context.channelId,
    model: detail.modelName,
    group: context.group,
    promptTokens: detail.promptTokens,
    completionTokens: detail.completionTokens,
    quota: detail.quota,
    isStream: request.stream,
    createdAt: Math.floor(context.startedAt / 1000),
    other: { ...detail.other },
    content: detail.content,
    useTime: Math.max(0, Math.floor((now - context.startedAt) / 1000)),
    reserved: context.reserved,
    ...(context.leaseId ? { leaseId: context.leaseId } : {}),
  };
}
