import type { OptionCache } from '@modelgate/db';
import type { Logger, MessageBus } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** What billing's gRPC handlers and background work are built from. */
export interface BillingContext {
  logger: Logger;
  dataSource: DataSource;
  bus: MessageBus;
  /** The options, held in memory and kept current by `option.changed` events. */
  options: OptionCache;
}
