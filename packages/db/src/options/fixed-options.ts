import { DEFAULT_OPTIONS, type OptionKey, type OptionValue, parseOption } from '@modelgate/contracts/options';
import type { TypedOptionReader } from './option-cache';

/**
 * Options fixed when built: the registry's defaults overlaid with `values`, read like the
 * `OptionCache` reads them. For what runs without the options table (a channel test's defaults,
 * a unit test's settings).
 */
export class FixedOptions implements TypedOptionReader {
  private readonly values: ReadonlyMap<string, string>;
  private readonly parsed = new Map<string, unknown>();

  constructor(values: Readonly<Record<string, string>> = {}) {
    this.values = new Map(Object.entries({ ...DEFAULT_OPTIONS, ...values }));
  }

  get(key: string): string {
    return this.values.get(key) ?? '';
  }

  value<K extends OptionKey>(key: K): OptionValue<K> {
    if (!this.parsed.has(key)) this.parsed.set(key, parseOption(key, this.get(key)));
    return this.parsed.get(key) as OptionValue<K>;
  }

  all(): Record<string, string> {
    return Object.fromEntries(this.values);
  }
}
