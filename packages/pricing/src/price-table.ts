import { checkOptionValue, parseOption } from '@modelgate/contracts/options';
import type { OptionKey } from '@modelgate/db';
import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
  DEFAULT_OPTIONS,
  UserRole,
} from '@modelgate/db';
import { resolveCompletionRatio } from './completion-ratio';

/** The options a {@link PriceTable} is built from (spec §3 Option, "Pricing" and "Quota"). */
export const PRICING_OPTION_KEYS = [
  'ModelPrice',
  'ModelRatio',
  'CompletionRatio',
  'CacheRatio',
  'GroupRatio',
  'QuotaPerUnit',
  'PreConsumedQuota',
  'SelfUseModeEnabled',
] as const satisfies readonly OptionKey[];
export type PricingOptionKey = (typeof PRICING_OPTION_KEYS)[number];

/** Option values as stored (text); a missing key means "use the default". */
export type PricingOptionValues = Readonly<Partial<Record<string, string | undefined>>>;

/** A setting that could not be used as stored; the table fell back as `message` says. */
export interface PriceTableProblem {
  readonly option: PricingOptionKey;
  readonly message: string;
}

/**
 * Every price input of a settlement, parsed once from the option texts. Lookups are `Map`s, so a
 * model named `constructor` or `__proto__` is simply unpriced rather than a prototype member.
 */
export interface PriceTable {
  /** `ModelPrice`: USD per call. */
  readonly modelPrice: ReadonlyMap<string, number>;
  /** `ModelRatio`: 1 = $2 per 1M input tokens (1 quota unit per token at QuotaPerUnit 500000). */
  readonly modelRatio: ReadonlyMap<string, number>;
  /** `CompletionRatio`: consulted as `resolveCompletionRatio` says (locked rules win). */
  readonly completionRatio: ReadonlyMap<string, number>;
  /** `CacheRatio`: price of a cached prompt token relative to a normal one. */
  readonly cacheRatio: ReadonlyMap<string, number>;
  /** `GroupRatio`: multiplier of the group the request is billed to. */
  readonly groupRatio: ReadonlyMap<string, number>;
  /** Quota units per USD (default 500000). */
  readonly quotaPerUnit: number;
  /** `PreConsumedQuota`: tokens reserved when a request states no `max_tokens` (default 500). */
  readonly preConsumedQuota: number;
  /** `SelfUseModeEnabled`: unset models are billed at {@link UNSET_MODEL_RATIO} instead of refused. */
  readonly selfUseMode: boolean;
  /** Settings that were malformed; empty when every option was usable. */
  readonly problems: readonly PriceTableProblem[];
}

/** Ratio of a model with neither a price nor a ratio, when such models are accepted (§3.1). */
export const UNSET_MODEL_RATIO = 37.5;
/** Cache-write price relative to input (Claude prompt caching; built in, not an option). */
export const DEFAULT_CACHE_CREATION_RATIO = 1.25;
/**
 * Cache writes kept for an hour rather than five minutes cost twice the input price at Anthropic,
 * against 1.25 times for five-minute writes.
 */
export const DEFAULT_CACHE_CREATION_1H_RATIO = 2;
/** Cache-read ratio of a model without a `CacheRatio` entry: cached tokens cost full price. */
export const DEFAULT_CACHE_RATIO_VALUE = 1;
/** Ratio of a group missing from `GroupRatio` (the reference bills it at 1 and logs it). */
export const DEFAULT_GROUP_RATIO = 1;

const DEFAULT_GROUP_RATIOS = JSON.parse(DEFAULT_OPTIONS.GroupRatio) as Record<string, number>;

type MapOption = 'ModelPrice' | 'ModelRatio' | 'CompletionRatio' | 'CacheRatio' | 'GroupRatio';
const MAP_DEFAULTS: Record<MapOption, ReadonlyMap<string, number>> = {
  ModelPrice: new Map(Object.entries(DEFAULT_MODEL_PRICE)),
  ModelRatio: new Map(Object.entries(DEFAULT_MODEL_RATIO)),
  CompletionRatio: new Map(Object.entries(DEFAULT_COMPLETION_RATIO)),
  CacheRatio: new Map(Object.entries(DEFAULT_CACHE_RATIO)),
  GroupRatio: new Map(Object.entries(DEFAULT_GROUP_RATIOS)),
};

/**
 * Builds the price table from option texts. Never throws: an option that is not a JSON object
 * falls back to the built-in default table as a whole, a single entry that is not a
 * non-negative number is dropped, and an invalid number falls back to its default — each
 * reported in `problems` so the caller can log it once (not on every request).
 */
export function buildPriceTable(options: PricingOptionValues): PriceTable {
  const problems: PriceTableProblem[] = [];
  const map = (option: MapOption) => parseRatioMap(option, options[option], problems);
  const table: PriceTable = {
    modelPrice: map('ModelPrice'),
    modelRatio: map('ModelRatio'),
    completionRatio: map('CompletionRatio'),
    cacheRatio: map('CacheRatio'),
    groupRatio: map('GroupRatio'),
    quotaPerUnit: parseNumber('QuotaPerUnit', options.QuotaPerUnit, problems),
    preConsumedQuota: parseNumber('PreConsumedQuota', options.PreConsumedQuota, problems),
    selfUseMode: parseOption('SelfUseModeEnabled', options.SelfUseModeEnabled ?? ''),
    problems,
  };
  return Object.freeze(table);
}

function parseRatioMap(
  option: MapOption,
  text: string | undefined,
  problems: PriceTableProblem[],
): ReadonlyMap<string, number> {
  if (text === undefined) return MAP_DEFAULTS[option];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message;
    problems.push({ option, message: `${option} is not valid JSON (${reason}); using the built-in defaults` });
    return MAP_DEFAULTS[option];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push({ option, message: `${option} is not a JSON object; using the built-in defaults` });
    return MAP_DEFAULTS[option];
  }
  const result = new Map<string, number>();
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) result.set(name, value);
    else {
      const message = `${option} entry ${JSON.stringify(name)} is not a non-negative number; ignored`;
      problems.push({ option, message });
    }
  }
  return result;
}

/** A numeric option as the option registry reads it; a text its rule refuses is reported. */
function parseNumber(option: 'QuotaPerUnit' | 'PreConsumedQuota', text: string | undefined, problems: PriceTableProblem[]): number {
  const value = parseOption(option, text ?? DEFAULT_OPTIONS[option] ?? '');
  if (text !== undefined && !checkOptionValue(option, text).ok) {
    problems.push({ option, message: `${option} ${JSON.stringify(text)} is not usable; using ${value}` });
  }
  return value;
}

/**
 * The name prices are looked up by: custom GPTs (`gpt-4-gizmo-…`, `gpt-4o-gizmo-…`) share the
 * wildcard entries `gpt-4-gizmo-*` and `gpt-4o-gizmo-*` (reference §2.4, §3.1). Everything else
 * is looked up exactly as requested (case-sensitive, before any channel model mapping).
 */
export function normalizeModelName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*';
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*';
  return model;
}

/** The ratio of `group`; a group missing from `GroupRatio` is billed at 1 (reference §3.1). */
export function lookupGroupRatio(table: PriceTable, group: string): number {
  return table.groupRatio.get(group) ?? DEFAULT_GROUP_RATIO;
}

/** Everything a settlement of one request needs, resolved once at admission. */
export interface ModelPricing {
  /** The requested model (billing and logs use it, never the upstream-mapped one). */
  readonly model: string;
  /** The normalised lookup name ({@link normalizeModelName}). */
  readonly matchName: string;
  /** Per-call pricing (`ModelPrice` set): ratios are then 0 and ignored. */
  readonly usePrice: boolean;
  /** USD per call; -1 when priced per token (the value the console expects in logs). */
  readonly modelPrice: number;
  readonly modelRatio: number;
  readonly completionRatio: number;
  readonly completionRatioLocked: boolean;
  readonly cacheRatio: number;
  readonly cacheCreationRatio: number;
  /** Ratio of one-hour cache writes. */
  readonly cacheCreation1hRatio: number;
  readonly group: string;
  readonly groupRatio: number;
  readonly quotaPerUnit: number;
  /** The model has neither price nor ratio and was accepted at {@link UNSET_MODEL_RATIO}. */
  readonly unsetModel: boolean;
}

/** Who is asking, for the unset-model rule. */
export interface PricingRequest {
  /** The model as the client requested it. */
  readonly model: string;
  /** The group billed: the token's group when it has one, else the user's. */
  readonly group: string;
  /** The user's `accept_unset_model_ratio_model` setting. */
  readonly acceptUnsetModelRatio?: boolean;
  /** The user's role; root gets the hint to set a price or enable self-use mode. */
  readonly userRole?: number;
}

/** Refusal of a model that has no price (reference §3.1: HTTP 500, `model_price_error`). */
export interface PricingError {
  readonly status: 500;
  readonly code: 'model_price_error';
  readonly message: string;
}

export type PricingResult =
  | { readonly ok: true; readonly pricing: ModelPricing }
  | { readonly ok: false; readonly error: PricingError };

/**
 * Resolves the prices of one request (reference §3.1). `ModelPrice` wins over the ratios. A model
 * with neither is an **unset model**: it is refused with `model_price_error` unless self-use mode
 * is on or the user accepts unset models, in which case it is billed at ratio 37.5 ($75 per 1M
 * input tokens — deliberately expensive so that forgetting to price a model never makes it
 * cheap). The message tells root to set a price or enable self-use mode and everybody else to
 * contact the administrator (the reference keys this on user id 1; we key it on the root role).
 */
export function resolveModelPricing(table: PriceTable, request: PricingRequest): PricingResult {
  const matchName = normalizeModelName(request.model);
  const groupRatio = lookupGroupRatio(table, request.group);
  const common = { model: request.model, matchName, group: request.group, groupRatio, quotaPerUnit: table.quotaPerUnit };
  const price = table.modelPrice.get(matchName);
  if (price !== undefined) {
    const pricing: ModelPricing = {
      ...common,
      usePrice: true,
      modelPrice: price,
      modelRatio: 0,
      completionRatio: 0,
      completionRatioLocked: false,
      cacheRatio: 0,
      cacheCreationRatio: 0,
      cacheCreation1hRatio: 0,
      unsetModel: false,
    };
    return { ok: true, pricing };
  }
  let modelRatio = table.modelRatio.get(matchName);
  const unsetModel = modelRatio === undefined;
  if (modelRatio === undefined) {
    if (!table.selfUseMode && request.acceptUnsetModelRatio !== true) {
      return { ok: false, error: unsetModelError(request.model, request.userRole) };
    }
    modelRatio = UNSET_MODEL_RATIO;
  }
  const completion = resolveCompletionRatio(matchName, table.completionRatio);
  const pricing: ModelPricing = {
    ...common,
    usePrice: false,
    modelPrice: -1,
    modelRatio,
    completionRatio: completion.ratio,
    completionRatioLocked: completion.locked,
    cacheRatio: table.cacheRatio.get(matchName) ?? DEFAULT_CACHE_RATIO_VALUE,
    cacheCreationRatio: DEFAULT_CACHE_CREATION_RATIO,
    cacheCreation1hRatio: DEFAULT_CACHE_CREATION_1H_RATIO,
    unsetModel,
  };
  return { ok: true, pricing };
}

function unsetModelError(model: string, role: number | undefined): PricingError {
  const message =
    role !== undefined && role >= UserRole.Root
      ? `模型 ${model} 倍率或价格未配置，请设置或开始自用模式；Model ${model} ratio or price not set, please set or start self-use mode`
      : `模型 ${model} 倍率或价格未配置, 请联系管理员设置；Model ${model} ratio or price not set, please contact administrator to set`;
  return { status: 500, code: 'model_price_error', message };
}
