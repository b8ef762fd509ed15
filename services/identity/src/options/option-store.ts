import type { MessageBus } from '@modelgate/contracts/bus';
import { OptionCache, OptionEntity } from '@modelgate/db';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

export type { OptionReader, TypedOptionReader } from '@modelgate/db';

/**
 * The options held in memory by one identity replica. Loaded once at start, written through
 * `update` (database, then an `option.changed` event), and kept current on every replica by that
 * event, so no request reads the options table.
 */
export class OptionStore extends OptionCache {
  constructor(
    dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
  ) {
    super(dataSource, logger);
  }

  /**
   * Stores the given options in one transaction and announces them to every replica. Returns
   * the keys whose value actually changed; nothing is written or announced when none did.
   */
  async update(changes: Record<string, string>): Promise<string[]> {
    const changed = Object.entries(changes).filter(([key, value]) => !this.has(key) || this.get(key) !== value);
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
