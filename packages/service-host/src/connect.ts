import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import { createDataSource } from '@modelgate/db';
import { createNatsBus, type Logger, retryWithBackoff } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

export interface ConnectDatabaseOptions {
  url: string;
  poolSize: number;
  applicationName: string;
  logger: Logger;
  signal?: AbortSignal;
}

/**
 * Opens a data source, retrying with backoff while PostgreSQL is unreachable; every failed attempt
 * is logged with the reason, so a missing database shows up in the logs instead of a crash loop.
 */
export function connectDatabase(options: ConnectDatabaseOptions): Promise<DataSource> {
  const { logger, signal } = options;
  return retryWithBackoff(
    async () => {
      const dataSource = createDataSource({
        url: options.url,
        poolSize: options.poolSize,
        applicationName: options.applicationName,
        logger,
      });
      try {
        return await dataSource.initialize();
      } catch (error) {
        await dataSource.destroy().catch(() => undefined);
        throw error;
      }
    },
    { what: 'connect to PostgreSQL', logger, ...(signal ? { signal } : {}) },
  );
}

export interface ConnectBusOptions {
  natsUrl: string;
  natsNamespace?: string | undefined;
  logger: Logger;
  signal?: AbortSignal;
}

/** Connects to NATS (JetStream), retrying with backoff while it is unreachable. */
export function connectBus(options: ConnectBusOptions): Promise<MessageBus> {
  return createNatsBus({
    registry: BUS_REGISTRY,
    url: options.natsUrl,
    ...(options.natsNamespace ? { namespace: options.natsNamespace } : {}),
    logger: options.logger,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
