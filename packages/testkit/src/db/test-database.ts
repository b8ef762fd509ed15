import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type Logger } from '@modelgate/runtime';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, startEmbeddedPostgres, runMigrations, seedDefaults } from '@modelgate/db';
import { copyPgliteTemplate } from './pglite-template';

export interface CreateTestDatabaseOptions {
  /** Apply every migration and return an initialised `dataSource` (default true). */
  migrate?: boolean;
  /** Also seed the default options and the root user (default false; needs `migrate`). */
  seed?: boolean;
  /** Pool size of the returned data source (default 4). */
  poolSize?: number;
  /** Receives the database's log lines; silent by default. */
  logger?: Logger;
}

/** A private, empty database for one test file. */
export interface TestDatabase {
  /** Connection URL of this database only. */
  readonly url: string;
  /** `postgres` when `DATABASE_URL` pointed at a server, `embedded` for the PGlite fallback. */
  readonly kind: 'postgres' | 'embedded';
  /** Present (initialised and migrated) unless `migrate: false` was asked for. */
  readonly dataSource?: DataSource;
  /** Closes the data source and removes the database (or the embedded server and its files). */
  drop(): Promise<void>;
}

/** A test database created with migrations applied. */
export interface MigratedTestDatabase extends TestDatabase {
  readonly dataSource: DataSource;
}

/**
 * Creates a private database for integration tests. With `DATABASE_URL` set, a uniquely named
 * database (`modelgate_test_<random>`) on that server; without it, the project's rule is to fall
 * back to the embedded database, so an embedded PostgreSQL is started in a temporary directory.
 * Always `drop()` it in `afterAll`, which also closes the data source so jest can exit.
 */
export function createTestDatabase(
  options?: CreateTestDatabaseOptions & { migrate?: true },
): Promise<MigratedTestDatabase>;
export function createTestDatabase(options: CreateTestDatabaseOptions): Promise<TestDatabase>;
export async function createTestDatabase(
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const logger = options.logger ?? createLogger({ service: 'test-database', level: 'silent' });
  const serverUrl = process.env.DATABASE_URL;
  const target = serverUrl
    ? await createServerDatabase(serverUrl)
    : await createEmbeddedDatabase(logger);

  if (options.migrate === false) return target;
  const dataSource = createDataSource({
    url: target.url,
    poolSize: options.poolSize ?? 4,
    applicationName: 'modelgate-test',
    logger,
  });
  try {
    await dataSource.initialize();
    await runMigrations(dataSource, logger);
    if (options.seed) await seedDefaults(dataSource, logger);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await target.drop();
    throw error;
  }
  return {
    ...target,
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await target.drop();
    },
  };
}

async function createServerDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `modelgate_test_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    kind: 'postgres',
    drop: () => {
      // WITH (FORCE) terminates connections a test left open (PostgreSQL 13+).
      dropped ??= withClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ).then(() => undefined);
      return dropped;
    },
  };
}

/**
 * Connections the embedded test database accepts. A whole stack under test connects every
 * service with an external-database pool (5 services × 5) plus the test's own clients; beyond
 * the limit connections are dropped, not queued, which would fail concurrent requests.
 */
const TEST_EMBEDDED_MAX_CONNECTIONS = 64;

async function createEmbeddedDatabase(logger: Logger): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'modelgate-test-db-'));
  const dataDir = join(dir, 'data');
  try {
    await copyPgliteTemplate(dataDir, logger);
    const server = await startEmbeddedPostgres({ dataDir, port: 0, maxConnections: TEST_EMBEDDED_MAX_CONNECTIONS, logger });
    let dropped: Promise<void> | undefined;
    return {
      url: server.url,
      kind: 'embedded',
      drop: () => {
        dropped ??= server.stop().finally(() => rm(dir, { recursive: true, force: true }));
        return dropped;
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'modelgate-test-admin' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
