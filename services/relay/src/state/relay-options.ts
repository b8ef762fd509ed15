import type { MessageBus, OptionChanged } from '@modelgate/contracts/bus';
import { OptionCache, type OptionKey, type OptionValue } from '@modelgate/db';
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

/** The options a derivation reads: typed values, and the texts the price table parses. */
type Options = Pick<OptionCache, 'get' | 'value'>;

/** How one derived value is computed, and from which options. */
interface Derivation<T> {
  readonly keys: readonly string[];
  readonly compute: (options: Options, logger: Logger) => T;
}

/** The typed value of one option (the cache reports a stored text its rule refuses). */
function single<K extends OptionKey>(key: K): Derivation<OptionValue<K>> {
  return { keys: [key], compute: (options) => options.value(key) };
}

/** The non-empty names of a JSON-object option naming groups (a malformed one names none). */
function groupNames(key: 'UserUsableGroups' | 'GroupRatio'): Derivation<ReadonlySet<string>> {
  return {
    keys: [key],
    compute: (options) => new Set(Object.keys(options.value(key)).filter((name) => name !== '')),
  };
}

const DERIVATIONS: { readonly [K in keyof Derived]: Derivation<Derived[K]> } = {
  upstreamSettings: {
    keys: [...CLAUDE_OPTION_KEYS, ...GEMINI_OPTION_KEYS],
    compute: (options) => Object.freeze({ claude: parseClaudeSettings(options), gemini: parseGeminiSettings(options) }),
  },
  retryTimes: single('RetryTimes'),
  autoDisable: {
    keys: ['AutomaticDisableChannelEnabled', 'AutomaticDisableKeywords'],
    compute: (options) =>
      Object.freeze({
        enabled: options.value('AutomaticDisableChannelEnabled'),
        keywords: Object.freeze(parseDisableKeywords(options.value('AutomaticDisableKeywords'))),
      }),
  },
  priceTable: {
    keys: PRICING_OPTION_KEYS,
    compute(options, logger) {
      // The price table reads the texts itself: it keeps a ratio table's usable entries and
      // reports each unusable one.
      const values: Record<string, string> = {};
      for (const key of PRICING_OPTION_KEYS) values[key] = options.get(key);
      const table = buildPriceTable(values);
      if (table.problems.length > 0) {
        logger.warn({ problems: table.problems }, 'pricing options are partly unusable; defaults used');
      }
      return table;
    },
  },
  usableGroups: groupNames('UserUsableGroups'),
  knownGroups: groupNames('GroupRatio'),
  displayInCurrency: single('DisplayInCurrencyEnabled'),
  displayTokenStat: single('DisplayTokenStatEnabled'),
  logConsumeEnabled: single('LogConsumeEnabled'),
  modelRequestRateLimit: {
    keys: ['ModelRequestRateLimitEnabled', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount', 'ModelRequestRateLimitDurationMinutes'],
    compute: (options) =>
      Object.freeze({
        enabled: options.value('ModelRequestRateLimitEnabled'),
        count: options.value('ModelRequestRateLimitCount'),
        successCount: options.value('ModelRequestRateLimitSuccessCount'),
        durationMinutes: options.value('ModelRequestRateLimitDurationMinutes'),
      }),
  },
  channelQueue: {
    keys: ['ChannelQueueTimeoutSeconds', 'ChannelQueueMaxWaiting'],
    compute: (options) =>
      Object.freeze({
        timeoutMs: options.value('ChannelQueueTimeoutSeconds') * 1000,
        maxWaiting: options.value('ChannelQueueMaxWaiting'),
      }),
  },
  promptSensitiveWords: {
    keys: ['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'SensitiveWords'],
    compute(options) {
      const on = options.value('CheckSensitiveEnabled') && options.value('CheckSensitiveOnPromptEnabled');
      if (!on) return Object.freeze([]);
      const words = options
        .value('SensitiveWords')
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
function derive(options: Options, logger: Logger, previous?: Derived, changed?: ReadonlySet<string>): Derived {
  const next: Partial<Record<keyof Derived, unknown>> = {};
  for (const name of Object.keys(DERIVATIONS) as Array<keyof Derived>) {
    const { keys, compute } = DERIVATIONS[name];
    const keep = previous !== undefined && changed !== undefined && !keys.some((key) => changed.has(key));
    next[name] = keep ? previous[name] : compute(options, logger);
  }
  return next as Derived;
}

/**
 * The settings (`options` table) as the relay reads them, held in the services' shared
 * `OptionCache` (loaded over the registry's defaults, kept current by `option.changed`, reloaded
 * whole now and then after a lost event), so no request reads the table.
 *
 * Typed accessors return values parsed once, when their options change (the registry's parsers,
 * through the cache's `value`): a request never parses JSON or numbers. A value that cannot be
 * used as stored reads as its parser's fallback and is logged once, when it is applied.
 */
export class RelayOptions {
  private readonly cache: OptionCache;
  private derived: Derived;

  constructor(private readonly config: RelayOptionsConfig) {
    this.cache = new OptionCache(config.dataSource, config.logger);
    this.derived = derive(this.cache, config.logger);
    this.cache.onChange((changed) => {
      this.derived = derive(this.cache, config.logger, this.derived, changed);
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

  /** Option `key`'s typed value, parsed by the registry once per change. */
  value<K extends OptionKey>(key: K): OptionValue<K> {
    return this.cache.value(key);
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
