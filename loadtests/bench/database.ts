import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDataSource, runMigrations, seedDefaults, startEmbeddedPostgres } from '@modelgate/db';
import { createTestDatabase } from '@modelgate/testkit/db';
import { createLogger } from '@modelgate/runtime';
import { type BenchSeed, seedBenchData } from './seed';

/** A throwaway database holding the benchmark's channel, user and token. */
export interface BenchDatabase {
  /** For the services' DATABASE_URL; undefined when the embedded stack opens `dataDir` itself. */
  url?: string;
  /** Embedded database files, for the embedded stack's MODELGATE_DATA_DIR. */
  dataDir?: string;
  /** `sk-…` key of the benchmark token. */
  tokenKey: string;
  /** Removes the database; safe to call twice. */
  drop(): Promise<void>;
}

const logger = createLogger({ service: 'bench-database', level: 'error' });

/**
 * A fresh, uniquely named database on the PostgreSQL server at `serverUrl`, migrated, seeded
 * with the defaults and with the benchmark's rows. Dropped at the end of the run.
 */
export async function createServerDatabase(serverUrl: string, fakeUpstreamUrl: string, seed: BenchSeed = {}): Promise<BenchDatabase> {
  // The test-database helper creates the database on the server DATABASE_URL names.
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = serverUrl;
  const database = await createTestDatabase({ seed: true, poolSize: 1, logger }).finally(() => {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  });
  try {
    const tokenKey = await seedBenchData((sql, parameters) => database.dataSource.query(sql, parameters), fakeUpstreamUrl, seed);
    await database.dataSource.destroy();
    return { url: database.url, tokenKey, drop: () => database.drop() };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * Embedded database files in a temporary directory, prepared the same way, for the one-process
 * stack to open when no PostgreSQL server answers. The first start of an empty directory runs
 * initdb, which takes several seconds.
 */
export async function createEmbeddedDatabase(fakeUpstreamUrl: string, seed: BenchSeed = {}): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'modelgate-bench-'));
  const dataDir = path.join(dir, 'data');
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const postgres = await startEmbeddedPostgres({ dataDir, port: 0, logger });
    const dataSource = createDataSource({ url: postgres.url, poolSize: 1, applicationName: 'modelgate-bench', logger });
    try {
      await dataSource.initialize();
      await runMigrations(dataSource, logger);
      await seedDefaults(dataSource, logger);
      const tokenKey = await seedBenchData((sql, parameters) => dataSource.query(sql, parameters), fakeUpstreamUrl, seed);
      return { dataDir, tokenKey, drop: remove };
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
      await postgres.stop();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}
