import { DEFAULT_OPTIONS, OptionEntity } from '@modelgate/db';
import type { Logger, MessageBus } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** Read access to the current options: defaults overlaid with every stored row. */
export interface OptionReader {
  get(key: string): string;
  /** A copy of every option. */
  all(): Record<string, string>;
}

/**
 * The options held in memory by one identity replica. Loaded once at start, written through
 * `update` (database, then an `option.changed` event), and kept current on every replica by that
 * event, so no request reads the options table.
 */
export class OptionStore implements OptionReader {
  private values = new Map<string, string>(Object.entries(DEFAULT_OPTIONS));

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
  ) {}

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

  all(): Record<string, string> {
    return Object.fromEntries(this.values);
  }

  /**
   * Stores the given options in one transaction and announces them to every replica. Returns
   * the keys whose value actually changed; nothing is written or announced when none did.
   */
  async update(changes: Record<string, string>): Promise<string[]> {
    const changed = Object.entries(changes).filter(([key, value]) => this.values.get(key) !== value);
    if (changed.length === 0) return [];
    await this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(OptionEntity)
        .values(changed.map(([key, value]) => ({ key, value })))
        .orUpdate(['value'], ['key'])
        .execute();
    });
    const values = Object.fromEntries(changed);
    this.apply(values);
    await this.bus.publish('modelgate.evt.config.option.changed', { keys: Object.keys(values), values });
    this.logger.info({ keys: Object.keys(values) }, 'options updated');
    return Object.keys(values);
  }
}
