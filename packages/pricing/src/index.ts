/**
 * The pricing engine: pure functions from option texts and usage to whole quota units (spec §9,
 * reference §3). No I/O — the caller keeps a {@link PriceTable} built from the current options,
 * resolves a request's {@link ModelPricing} at admission, and settles its usage afterwards.
 *
 * ```ts
 * const table = buildPriceTable(options);              // once per options change; log table.problems
 * const priced = resolveModelPricing(table, { model, group, acceptUnsetModelRatio, userRole });
 * if (!priced.ok) return refuse(priced.error);         // 500 model_price_error
 * const estimate = preConsumeEstimate(priced.pricing, { promptTokens, maxTokens }, table.preConsumedQuota);
 * const decision = decideAdmission({ estimate, userQuota, token });
 * // … upstream call …
 * const settlement = settleQuota(priced.pricing, { kind: 'text', promptTokens, completionTokens, cachedTokens });
 * const log = buildConsumeLogDetail(priced.pricing, settlement, { firstResponseMs, usedChannels });
 * // … and where the log row is written, its text from the same figures:
 * const content = consumeLogContent(log);
 * ```
 */
export {
  buildPriceTable,
  DEFAULT_CACHE_CREATION_1H_RATIO,
  DEFAULT_CACHE_CREATION_RATIO,
  DEFAULT_CACHE_RATIO_VALUE,
  DEFAULT_GROUP_RATIO,
  lookupGroupRatio,
  normalizeModelName,
  PRICING_OPTION_KEYS,
  resolveModelPricing,
  UNSET_MODEL_RATIO,
  type ModelPricing,
  type PriceTable,
  type PriceTableProblem,
  type PricingError,
  type PricingOptionKey,
  type PricingOptionValues,
  type PricingRequest,
  type PricingResult,
} from './price-table';
export {
  COMPLETION_RATIO_RULES,
  resolveCompletionRatio,
  type CompletionRatioResolution,
  type CompletionRatioRule,
} from './completion-ratio';
export { AUDIO_COMPLETION_RATIO, audioRatio, usesAudioFormula } from './audio-ratio';
export {
  audioQuota,
  claudeQuota,
  perCallQuota,
  preConsumeEstimate,
  settleQuota,
  textQuota,
  tokenCount,
  type AudioBreakdown,
  type AudioUsage,
  type ClaudeUsage,
  type EstimateRequest,
  type Settlement,
  type SettlementUsage,
  type TextUsage,
} from './quota';
export {
  decideAdmission,
  type AdmissionDecision,
  type AdmissionInput,
  type AdmissionToken,
} from './admission';
export {
  IMAGE_USD_PER_RATIO,
  imageQuota,
  speechPromptTokens,
  transcriptionTokens,
  type ImageRequest,
} from './endpoint-rules';
export {
  buildConsumeLogDetail,
  buildConsumeLogOther,
  consumeLogContent,
  formatNumber,
  type ConsumeLogContext,
  type ConsumeLogDetail,
  type ConsumeLogFacts,
  type ConsumeLogNotes,
  type ConsumeLogOther,
} from './log-detail';
