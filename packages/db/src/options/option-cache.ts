import {
  checkOptionValue,
  DEFAULT_OPTIONS,
  type OptionKey,
  type OptionValue,
  parseOption,
} from '@modelgate/contracts/options';
import type { MessageBus, OptionChanged } from '@modelgate/contracts/bus';
import type { Logger, Subscription } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { OptionEntity } from '../entities';

/** Read access to the current options: defaults overlaid with every stored row. */
export interface OptionReader {
  /** The option's text; `''` for a key neither stored nor defaulted. */
  get(key: string): string;
  /** A copy of every option. */
  all(): Record<string, string>;
}

/** Read access with typed values, as the option registry parses them. */
export interface TypedOptionReader extends OptionReader {
  /** Option `key`'s value parsed by its registry parser (the default's value when unusable). */
  value<K extends OptionKey>(key: K): OptionValue<K>;
}

/** Called with the keys whose text changed, after the new values are in place. */
export type OptionChangeListener = (changed: ReadonlySet<string>) => void;

/** Settings of {@link OptionCache.start}. */
export interface OptionCacheStart {
  /** The bus whose `option.changed` events keep the cache current. */
  bus?: MessageBus;
  /** Full reload period, a safety net for lost events (at-most-once bus); 0 disables. Default 5 min. */
  fullReloadIntervalMs?: number;
  /** Reports failed periodic reloads. */
  logger?: Logger;
}

/** The default period of the safety-net reload. */
export const DEFAULT_OPTION_RELOAD_INTERVAL_MS = 300_000;

/**
 * The options held in memory by one service replica, the one option cache of every service:
 * loaded from the `options` table over the registry's defaults, kept current by each
 * `option.changed` event, and reloaded whole now and then in case an event was lost, so no
 * request reads the table. `get` gives an option's text; `value` its typed value, parsed once per
 * change. Keys the registry does not know (rows of a newer version) are kept and served as text.
 */
export class OptionCache implements TypedOptionReader {
  private values = new Map<string, string>(Object.entries(DEFAULT_OPTIONS));
  private readonly parsed = new Map<string, unknown>();
  private readonly listeners: OptionChangeListener[] = [];
  private subscription: Subscription | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  /**
   * Values applied from events while a full reload runs. The reload's query may have read the
   * table before those writes committed, so they are laid over its result.
   */
  private appliedDuringReload: Map<string, string> | undefined;

  /**
   * @param reporter warned once per change of a stored text that does not fit its registry rule
   *   (a row written before the rule existed), which then reads as its parser's fallback.
   */
  constructor(
    protected readonly dataSource: DataSource,
    private readonly reporter?: Logger,
  ) {}

  /**
   * Subscribes to `option.changed` (when a bus is given), loads every stored option and starts
   * the periodic full reload.
   */
  async start(settings: OptionCacheStart = {}): Promise<void> {
    if (settings.bus) {
      this.subscription = await settings.bus.subscribe('modelgate.evt.config.option.changed', (message) =>
        this.applyChange(message.payload),
      );
    }
    await this.load();
    const period = settings.fullReloadIntervalMs ?? DEFAULT_OPTION_RELOAD_INTERVAL_MS;
    if (period > 0) {
      this.timer = setInterval(() => {
        this.load().catch((err: unknown) => settings.logger?.warn({ err }, 'option reload failed'));
      }, period);
      this.timer.unref();
    }
  }

  /** Unsubscribes, stops the periodic reload and waits for a reload in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
    await this.reloading?.catch(() => undefined);
  }

  /**
   * Reads every stored option over the defaults (one query). A key whose row disappeared
   * returns to its default. Concurrent calls share one reload.
   */
  load(): Promise<void> {
    this.reloading ??= this.loadAll();
    return this.reloading;
  }

  /** Applies an `option.changed` event: the values it carries replace the held ones. */
  applyChange(event: OptionChanged): void {
    this.apply(event.values);
  }

  /** Applies changes announced by another replica (or by this one). */
  apply(changed: Record<string, string>): void {
    const entries = Object.entries(changed);
    if (entries.length === 0) return;
    if (this.appliedDuringReload) for (const [key, value] of entries) this.appliedDuringReload.set(key, value);
    const next = new Map(this.values);
    for (const [key, value] of entries) next.set(key, value);
    this.install(next);
  }

  /** Calls `listener` after every change, with the keys whose text changed. */
  onChange(listener: OptionChangeListener): void {
    this.listeners.push(listener);
  }

  get(key: string): string {
    return this.values.get(key) ?? '';
  }

  value<K extends OptionKey>(key: K): OptionValue<K> {
    if (!this.parsed.has(key)) this.parsed.set(key, this.parse(key));
    return this.parsed.get(key) as OptionValue<K>;
  }

  /** Whether the key has a value (a default or a stored row). */
  has(key: string): boolean {
    return this.values.has(key);
  }

  all(): Record<string, string> {
    return Object.fromEntries(this.values);
  }

  /** Parses `key`'s held text (once per change), reporting a text its rule would refuse. */
  private parse<K extends OptionKey>(key: K): OptionValue<K> {
    const text = this.values.get(key) ?? DEFAULT_OPTIONS[key] ?? '';
    if (this.reporter && !checkOptionValue(key, text).ok) {
      this.reporter.warn({ key }, 'stored option does not fit its rule; its fallback value is used');
    }
    return parseOption(key, text);
  }

  private async loadAll(): Promise<void> {
    this.appliedDuringReload = new Map();
    try {
      const rows = await this.dataSource.getRepository(OptionEntity).find();
      const next = new Map<string, string>(Object.entries(DEFAULT_OPTIONS));
      for (const row of rows) next.set(row.key, row.value);
      for (const [key, value] of this.appliedDuringReload) next.set(key, value);
      this.install(next);
    } finally {
      this.appliedDuringReload = undefined;
      this.reloading = undefined;
    }
  }

  /** Swaps in a new value map, drops the parsed values of changed keys and tells the listeners. */
  private install(next: Map<string, string>): void {
    const changed = new Set<string>();
    for (const [key, value] of next) if (this.values.get(key) !== value) changed.add(key);
    for (const key of this.values.keys()) if (!next.has(key)) changed.add(key);
    if (changed.size === 0) return;
    this.values = next;
    for (const key of changed) this.parsed.delete(key);
    for (const listener of this.listeners) listener(changed);
  }
}
