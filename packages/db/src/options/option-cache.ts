import type { DataSource } from 'typeorm';
import { OptionEntity } from '../entities';
import { DEFAULT_OPTIONS } from '../seed/default-options';

/** Read access to the current options: defaults overlaid with every stored row. */
export interface OptionReader {
  get(key: string): string;
  /** A copy of every option. */
  all(): Record<string, string>;
}

/**
 * The options held in memory by one service replica: loaded once at start and kept current by
 * applying each `option.changed` event, so no request reads the options table. Services that
 * only read options use it as is; identity, the options' writer, extends it.
 */
export class OptionCache implements OptionReader {
  private values = new Map<string, string>(Object.entries(DEFAULT_OPTIONS));

  constructor(protected readonly dataSource: DataSource) {}

  /** Loads every stored option over the defaults. */
  async load(): Promise<void> {
    const rows = await this.dataSource.getRepository(OptionEntity).find();
    const next = new Map<string, string>(Object.entries(DEFAULT_OPTIONS));
    for (const row of rows) next.set(row.key, row.value);
    this.values = next;
  }

  /** Applies changes announced by another replica (or by this one). */
  apply(changed: Record<string, string>): void {
    for (const [key, value] of Object.entries(changed)) this.values.set(key, value);
  }

  get(key: string): string {
    return this.values.get(key) ?? '';
  }

  /** Whether the key has a value (a default or a stored row). */
  has(key: string): boolean {
    return this.values.has(key);
  }

  all(): Record<string, string> {
    return Object.fromEntries(this.values);
  }
}
