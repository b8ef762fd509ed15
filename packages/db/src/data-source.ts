import type { Logger } from '@modelgate/runtime';
import { DataSource } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS, MIGRATIONS_TABLE } from './migrations';
import { PinoTypeOrmLogger, SLOW_QUERY_MS } from './typeorm-logger';

export interface CreateDataSourceOptions {
  /** `postgres://user:password@host:port/database`. */
  url: string;
  /**
   * Connections in this process's pool. Against the embedded database the sum over every pool
   * must stay below its `maxConnections`: extra connections are dropped, not queued.
   */
  poolSize: number;
  /** Shown in `pg_stat_activity.application_name`, e.g. `modelgate-billing`. */
  applicationName?: string;
  /** Receives TypeORM's messages; TypeORM stays silent without one. */
  logger?: Logger;
  /** How long to wait for a new connection before failing. Default 10 s. */
  connectTimeoutMs?: number;
}

/**
 * Builds (does not connect) the data source every service uses: PostgreSQL, every entity and
 * migration registered, `synchronize` off — the schema changes only through migrations. Call
 * `initialize()` to connect and `destroy()` to close the pool.
 */
export function createDataSource(options: CreateDataSourceOptions): DataSource {
  if (!Number.isInteger(options.poolSize) || options.poolSize < 1) {
    throw new RangeError(`poolSize must be a positive integer (got ${options.poolSize})`);
  }
  return new DataSource({
    type: 'postgres',
    url: options.url,
    applicationName: options.applicationName ?? 'modelgate',
    poolSize: options.poolSize,
    connectTimeoutMS: options.connectTimeoutMs ?? 10_000,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'all',
    migrationsRun: false,
    synchronize: false,
    dropSchema: false,
    installExtensions: false,
    maxQueryExecutionTime: SLOW_QUERY_MS,
    ...(options.logger
      ? { logger: new PinoTypeOrmLogger(options.logger), logging: true }
      : { logging: false }),
  });
}
