import type { MessageBus, OptionChanged } from '@modelgate/contracts/bus';
import { DEFAULT_OPTIONS, jsonObjectOption, OptionCache } from '@modelgate/db';
import { buildPriceTable, PRICING_OPTION_KEYS, type PriceTable } from '@modelgate/pricing';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { ModelRequestRateLimit } from '../limits/caller-limits';
import type { UpstreamSettings } from '../providers/types';
import { type AutoDisableSettings, parseDisableKeywords } from '../routing/retry-policy';
import { CLAUDE_OPTION_KEYS, parseClaudeSettings } from './claude-settings';
import { GEMINI_OPTION_KEYS, parseGeminiSettings } from './gemini-settings';

/** Options of {@link RelayOptions}. */
export interface RelayOptionsConfig {
  dataSource: DataSource;
  logger: Logger;
  /** Full reload period, a safety net for lost events (at-most-once bus); 0 disables. Default 5 min. */
  fullReloadIntervalMs?: number;
}

/** The values derived from option texts, each recomputed only when one of its keys changes. */
interface Derived {
  retryTimes: number;
  autoDisable: AutoDisableSettings;
  priceTable: PriceTable;
  usableGroups: ReadonlySet<string>;
  knownGroups: ReadonlySet<string>;
  displayInCurrency: boolean;
  displayTokenStat: boolean;
  logConsumeEnabled: boolean;
  promptSensitiveWords: readonly string[];
  upstreamSettings: UpstreamSettings;
  modelRequestRateLimit: ModelRequestRateLimit;
  channelQueue: ChannelQueueSettings;
}

/** The queue a request waits in when every channel it may use is at its concurrency cap. */
export interface ChannelQueueSettings {
  /** Longest wait before a 429 (`ChannelQueueTimeoutSeconds`); 0 refuses at once. */
  readonly timeoutMs: number;
  /** Requests waiting per channel at most (`ChannelQueueMaxWaiting`); more are refused at once. */
  readonly maxWaiting: number;
}

/** Reads an option's current text (the default when not stored). */
type OptionText = (key: string) => string;

/** How one derived value is computed, and from which options. */
interface Derivation<T> {
  readonly keys: readonly string[];
  readonly compute: (text: OptionText, logger: Logger) => T;
}

/** A boolean option: `true`/`false`; anything else counts as the key's default. */
function flag(key: string): Derivation<boolean> {
  return {
    keys: [key],
    compute(text, logger) {
      const value = text(key);
      if (value === 'true') return true;
      if (value === 'false') return false;
      const fallback = DEFAULT_OPTIONS[key] === 'true';
      logger.warn({ key, value }, `option is not true or false; using ${fallback}`);
      return fallback;
    },
  };
}

/** A non-negative integer option; anything else counts as the key's default. */
function nonNegativeInteger(key: string): Derivation<number> {
  return {
    keys: [key],
    compute(text, logger) {
      const value = text(key);
      const parsed = value.trim() === '' ? Number.NaN : Number(value);
      if (Number.isSafeInteger(parsed) && parsed >= 0) return parsed;
      const fallback = Number(DEFAULT_OPTIONS[key] ?? 0);
      logger.warn({ key, value }, `option is not a non-negative integer; using ${fallback}`);
      return fallback;
    },
  };
}

/**
 * The non-empty keys of a JSON-object option naming groups. A malformed value counts as no
 * groups, as every other service reads it (`jsonObjectOption`).
 */
function groupNames(key: string): Derivation<ReadonlySet<string>> {
  return {
    keys: [key],
    compute(text, logger) {
      const value = text(key);
      const names = Object.keys(jsonObjectOption(value)).filter((name) => name !== '');
      if (names.length === 0 && value.trim() !== '{}') {
        logger.warn({ key }, 'option is not a JSON object of groups; no groups listed');
      }
      return new Set(names);
    },
  };
}

const DERIVATIONS: { readonly [K in keyof Derived]: Derivation<Derived[K]> } = {
  upstreamSettings: {
    keys: [...CLAUDE_OPTION_KEYS, ...GEMINI_OPTION_KEYS],
    compute: (text) => Object.freeze({ claude: parseClaudeSettings(text), gemini: parseGeminiSettings(text) }),
  },
  retryTimes: nonNegativeInteger('RetryTimes'),
  autoDisable: {
    keys: ['AutomaticDisableChannelEnabled', 'AutomaticDisableKeywords'],
    compute: (text, logger) =>
      Object.freeze({
        enabled: flag('AutomaticDisableChannelEnabled').compute(text, logger),
        keywords: Object.freeze(parseDisableKeywords(text('AutomaticDisableKeywords'))),
      }),
  },
  priceTable: {
    keys: PRICING_OPTION_KEYS,
    compute(text, logger) {
      const values: Record<string, string> = {};
      for (const key of PRICING_OPTION_KEYS) values[key] = text(key);
      const table = buildPriceTable(values);
      if (table.problems.length > 0) {
        logger.warn({ problems: table.problems }, 'pricing options are partly unusable; defaults used');
      }
      return table;
    },
  },
  usableGroups: groupNames('UserUsableGroups'),
  knownGroups: groupNames('GroupRatio'),
  displayInCurrency: flag('DisplayInCurrencyEnabled'),
  displayTokenStat: flag('DisplayTokenStatEnabled'),
  logConsumeEnabled: flag('LogConsumeEnabled'),
  modelRequestRateLimit: {
    keys: ['ModelRequestRateLimitEnabled', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount', 'ModelRequestRateLimitDurationMinutes'],
    compute: (text, logger) =>
      Object.freeze({
        enabled: flag('ModelRequestRateLimitEnabled').compute(text, logger),
        count: nonNegativeInteger('ModelRequestRateLimitCount').compute(text, logger),
        successCount: nonNegativeInteger('ModelRequestRateLimitSuccessCount').compute(text, logger),
        durationMinutes: nonNegativeInteger('ModelRequestRateLimitDurationMinutes').compute(text, logger),
      }),
  },
  channelQueue: {
    keys: ['ChannelQueueTimeoutSeconds', 'ChannelQueueMaxWaiting'],
    compute: (text, logger) =>
      Object.freeze({
        timeoutMs: nonNegativeInteger('ChannelQueueTimeoutSeconds').compute(text, logger) * 1000,
        maxWaiting: nonNegativeInteger('ChannelQueueMaxWaiting').compute(text, logger),
      }),
  },
  promptSensitiveWords: {
    keys: ['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'SensitiveWords'],
    compute(text, logger) {
      const on = flag('CheckSensitiveEnabled').compute(text, logger) && flag('CheckSensitiveOnPromptEnabled').compute(text, logger);
      if (!on) return Object.freeze([]);
      const words = text('SensitiveWords')
        .split(/\r?\n/)
        .map((word) => word.trim().toLowerCase())
        .filter((word) => word !== '');
      return Object.freeze([...new Set(words)]);
    },
  },
};

/**
 * Computes the derived values of `values`: only those with a key in `changed` when a previous
 * state and the changed keys are given, every one otherwise.
 */
function derive(text: OptionText, logger: Logger, previous?: Derived, changed?: ReadonlySet<string>): Derived {
  const next: Partial<Record<keyof Derived, unknown>> = {};
  for (const name of Object.keys(DERIVATIONS) as Array<keyof Derived>) {
    const { keys, compute } = DERIVATIONS[name];
    const keep = previous !== undefined && changed !== undefined && !keys.some((key) => changed.has(key));
    next[name] = keep ? previous[name] : compute(text, logger);
  }
  return next as Derived;
}

/**
 * The settings (`options` table) as the relay reads them, held in the services' shared
 * `OptionCache` (loaded over the registry's defaults, kept current by `option.changed`, reloaded
 * whole now and then after a lost event), so no request reads the table.
 *
 * Typed accessors return values parsed once, when their options change: a request never parses
 * JSON or numbers. A value that cannot be used as stored falls back to its default and is
 * logged once, when it is applied.
 */
export class RelayOptions {
  private readonly cache: OptionCache;
  private derived: Derived;

  constructor(private readonly config: RelayOptionsConfig) {
    this.cache = new OptionCache(config.dataSource);
    const text: OptionText = (key) => this.cache.get(key);
    this.derived = derive(text, config.logger);
    this.cache.onChange((changed) => {
      this.derived = derive(text, config.logger, this.derived, changed);
    });
  }

  /** Subscribes to `option.changed` (when a bus is given), then loads every stored option. */
  async start(bus?: MessageBus): Promise<void> {
    await this.cache.start({
      ...(bus ? { bus } : {}),
      logger: this.config.logger,
      ...(this.config.fullReloadIntervalMs === undefined ? {} : { fullReloadIntervalMs: this.config.fullReloadIntervalMs }),
    });
  }

  /** Unsubscribes, stops the periodic reload and waits for a reload in progress. */
  stop(): Promise<void> {
    return this.cache.stop();
  }

  /**
   * Reads every stored option over the defaults (one query) and recomputes what changed. A key
   * whose row disappeared returns to its default. Concurrent calls share one reload.
   */
  reload(): Promise<void> {
    return this.cache.load();
  }

  /** Applies an `option.changed` event: the values it carries replace the held ones. */
  applyChange(event: OptionChanged): void {
    this.cache.applyChange(event);
  }

  /** The option's text; `''` for a key neither stored nor defaulted. */
  get(key: string): string {
    return this.cache.get(key);
  }

  /** `RetryTimes`: retries after the first attempt; a non-negative integer, default 0. */
  retryTimes(): number {
    return this.derived.retryTimes;
  }

  /** `AutomaticDisableChannelEnabled` and the lower-cased `AutomaticDisableKeywords`. */
  autoDisable(): AutoDisableSettings {
    return this.derived.autoDisable;
  }

  /** The price table of the pricing options; rebuilt only when one of them changes. */
  priceTable(): PriceTable {
    return this.derived.priceTable;
  }

  /** Groups a token may name: the keys of `UserUsableGroups`. */
  usableGroups(): ReadonlySet<string> {
    return this.derived.usableGroups;
  }

  /** Groups that have a ratio: the keys of `GroupRatio`. */
  knownGroups(): ReadonlySet<string> {
    return this.derived.knownGroups;
  }

  /** `PreConsumedQuota` as the price table parsed it (default 500). */
  preConsumedQuota(): number {
    return this.derived.priceTable.preConsumedQuota;
  }

  /** `QuotaPerUnit` as the price table parsed it (default 500000). */
  quotaPerUnit(): number {
    return this.derived.priceTable.quotaPerUnit;
  }

  /** `DisplayInCurrencyEnabled` (default true). */
  displayInCurrency(): boolean {
    return this.derived.displayInCurrency;
  }

  /** `DisplayTokenStatEnabled` (default true). */
  displayTokenStat(): boolean {
    return this.derived.displayTokenStat;
  }

  /** `SelfUseModeEnabled`: models without a price are billed instead of refused (default false). */
  selfUseMode(): boolean {
    return this.derived.priceTable.selfUseMode;
  }

  /**
   * The lower-cased `SensitiveWords` prompts are refused for, when `CheckSensitiveEnabled` and
   * `CheckSensitiveOnPromptEnabled` are both on (default); empty otherwise.
   */
  promptSensitiveWords(): readonly string[] {
    return this.derived.promptSensitiveWords;
  }

  /** The vendor settings that shape upstream requests (the `claude.*` and `gemini.*` options). */
  upstreamSettings(): UpstreamSettings {
    return this.derived.upstreamSettings;
  }

  /** The spec's per-user model request rate limit (`ModelRequestRateLimit*`; off by default). */
  modelRequestRateLimit(): ModelRequestRateLimit {
    return this.derived.modelRequestRateLimit;
  }

  /** The channel queue's timeout and length (`ChannelQueueTimeoutSeconds`, `ChannelQueueMaxWaiting`). */
  channelQueue(): ChannelQueueSettings {
    return this.derived.channelQueue;
  }

  /** `LogConsumeEnabled`: whether consume logs are written (default true). */
  logConsumeEnabled(): boolean {
    return this.derived.logConsumeEnabled;
  }
}
