import type { UsageRecord } from '@modelgate/contracts/bus';
import { buildConsumeLogDetail, type ModelPricing, type PriceTable, preConsumeEstimate, resolveModelPricing, settleQuota } from '@modelgate/pricing';
import { copyLogNotes, ModelPriceError } from '../pipeline/pricing-step';
import type { RealtimeUsage } from './realtime-usage';

/** A Realtime session's price, decided when it opens. */
export interface RealtimePrice {
  readonly pricing: ModelPricing;
  /** The quota held for each response before it is known (the flat pre-consume of PreConsumedQuota tokens). */
  readonly estimate: number;
}

/**
 * Prices a session's model in its group (an unpriced model is refused, 400 `model_price_error`).
 * A response's size is not known before it runs, so each is held at the pre-consume estimate of
 * PreConsumedQuota tokens, as a request without `max_tokens` is.
 */
export function priceRealtime(table: PriceTable, model: string, group: string, userRole: number, preConsumedQuota: number): RealtimePrice {
  const priced = resolveModelPricing(table, { model, group, userRole });
  if (!priced.ok) throw new ModelPriceError(priced.error.message);
  return { pricing: priced.pricing, estimate: preConsumeEstimate(priced.pricing, { promptTokens: 0 }, preConsumedQuota) };
}

/** The facts of one finished response its usage record carries besides the usage. */
export interface RealtimeResponseContext {
  /** The record's id (the response's reservation id), so billing settles it exactly once. */
  readonly requestId: string;
  readonly userId: number;
  readonly tokenId: number;
  readonly group: string;
  readonly channelId: number;
  /** Every channel tried when the session opened (`admin_info.use_channel`). */
  readonly usedChannels: readonly number[];
  readonly upstreamModel: string;
  /** Milliseconds clock when the response began (the session's start or the previous response's end). */
  readonly startedAt: number;
  /** When its first server event arrived. */
  readonly firstResponseAt: number | undefined;
  /** What was held for it, and from which lease. */
  readonly reserved: number;
  readonly leaseId?: string;
}

/**
 * The usage record of one Realtime response: text and audio tokens priced with the audio formula
 * (audio at the model's AudioRatio, audio output × 2 more), logged as a websocket call (`ws`).
 */
export function realtimeUsageRecord(
  pricing: ModelPricing,
  usage: RealtimeUsage,
  context: RealtimeResponseContext,
  now = Date.now(),
): UsageRecord {
  const settlement = settleQuota(pricing, {
    kind: 'audio',
    textInputTokens: usage.textInputTokens,
    textOutputTokens: usage.textOutputTokens,
    audioInputTokens: usage.audioInputTokens,
    audioOutputTokens: usage.audioOutputTokens,
    realtime: true,
  });
  const detail = buildConsumeLogDetail(pricing, settlement, {
    firstResponseMs: context.firstResponseAt === undefined ? 0 : context.firstResponseAt - context.startedAt,
    upstreamModelName: context.upstreamModel,
    usedChannels: context.usedChannels,
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
    isStream: true,
    createdAt: Math.floor(context.startedAt / 1000),
    other: detail.other,
    useTime: Math.max(0, Math.floor((now - context.startedAt) / 1000)),
    reserved: context.reserved,
  };
  if (context.leaseId) record.leaseId = context.leaseId;
  copyLogNotes(detail, record);
  return record;
}
