import type { MessageBus } from '@modelgate/contracts/bus';
import type { OptionCache } from '@modelgate/db';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { BillingMetrics } from './observability/billing-metrics';

/** What billing's gRPC handlers and background work are built from. */
export interface BillingContext {
  logger: Logger;
  dataSource: DataSource;
  bus: MessageBus;
  /** The options, held in memory and kept current by `option.changed` events. */
  options: OptionCache;
  /** Billing's Prometheus metrics; none when the process serves no metrics. */
  metrics?: BillingMetrics;
}
