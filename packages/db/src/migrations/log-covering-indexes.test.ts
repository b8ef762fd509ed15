import { createLogger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { revertMigrations } from '../migrate';
import { indexesOf as indexDefinitions } from './index-definitions.test-support';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { LOG_COVERING_INDEXES } from './1796210000000-log-covering-indexes';

const logger = createLogger({ service: 'db-test', level: 'silent' });

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = await createDataSource({ url: database.url, poolSize: 2, logger }).initialize();
}, 60_000);

afterAll(async () => {
  if (dataSource?.isInitialized) await dataSource.destroy();
  await database?.drop();
});

/** Index definitions of `table`'s indexes in `schema`, by name. */
const indexesOf = (schema: string, table: string) => indexDefinitions(dataSource, schema, table);

/** The key and included columns of each covering index, as PostgreSQL prints them. */
const COVERING = [
  / \(username, created_at\) INCLUDE \(token_name, model_name, channel_id, "group"\)$/,
  / \(model_name, created_at\) INCLUDE \("group"\)$/,
  / \(channel_id, created_at\) INCLUDE \("group"\)$/,
  / \(user_id, model_name, created_at\) INCLUDE \(token_name\)$/,
];
const USERNAME_GROUP = / \(username, "group", created_at\)$/;
const GROUP_UNCOMMON = / \("group", type, created_at\) WHERE \(type <> 2\)$/;

describe('LogCoveringIndexes migration', () => {
  it('gives every daily partition, including one created later, the covering and the new indexes', async () => {
    const day = 86_400 * 20_001; // a day no migration created
    await dataSource.query(`CREATE TABLE log_partitions.logs_later PARTITION OF logs FOR VALUES FROM (${day}) TO (${day + 86_400})`);
    const parents = [...(await indexesOf('public', 'logs')).values()];
    for (const pattern of [...COVERING, USERNAME_GROUP, GROUP_UNCOMMON]) {
      expect(parents.filter((definition) => pattern.test(definition))).toHaveLength(1);
    }
    // The single-filter indexes are replaced, not doubled.
    expect(parents.filter((definition) => / \(username, created_at\)$/.test(definition))).toHaveLength(0);
    const partitions = (await dataSource.query(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'logs'::regclass`,
    )) as Array<{ relname: string }>;
    expect(partitions.map((row) => row.relname)).toContain('logs_later');
    for (const { relname } of partitions) {
      const definitions = [...(await indexesOf('log_partitions', relname)).values()];
      for (const pattern of [...COVERING, USERNAME_GROUP, GROUP_UNCOMMON]) {
        expect(definitions.filter((definition) => pattern.test(definition))).toHaveLength(1);
      }
    }
  });

  it('reverts to the single-filter indexes without included columns', async () => {
    expect(await revertMigrations(dataSource, logger)).toEqual(['LogCoveringIndexes1796210000000']);
    const logs = await indexesOf('public', 'logs');
    for (const index of LOG_COVERING_INDEXES) expect(logs.get(index.name)).not.toMatch(/INCLUDE/);
    expect(logs.get('idx_logs_username_created_at')).toMatch(/ \(username, created_at\)$/);
    expect(logs.has('idx_logs_username_group_created_at')).toBe(false);
    expect(logs.has('idx_logs_group_type_created_at_uncommon')).toBe(false);
  });
});
