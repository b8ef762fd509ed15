import { createLogger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { revertMigrations } from '../migrate';
import { indexesOf as indexDefinitions } from './index-definitions.test-support';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { LOG_PAIR_INDEXES } from './1796200000000-log-query-indexes';

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

describe('LogQueryIndexes migration', () => {
  it('gives every daily partition, including one created later, the pair indexes', async () => {
    const day = 86_400 * 20_000; // a day no migration created
    await dataSource.query(`CREATE TABLE log_partitions.logs_later PARTITION OF logs FOR VALUES FROM (${day}) TO (${day + 86_400})`);
    const parents = await indexesOf('public', 'logs');
    expect(parents.get('idx_logs_channel_id_model_name_created_at')).toMatch(/ \(channel_id, model_name, created_at\)$/);
    expect(parents.get('idx_logs_token_name_type_created_at')).toMatch(/ \(token_name, type, created_at\)$/);
    expect(parents.get('idx_logs_user_id_group_created_at')).toMatch(/ \(user_id, "group", created_at\)$/);
    expect(parents.get('idx_logs_type_created_at_uncommon')).toMatch(
      / \(type, created_at\) INCLUDE \(user_id, username, token_name, model_name, channel_id, "group"\) WHERE \(type <> 2\)$/,
    );
    const partitions = (await dataSource.query(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'logs'::regclass`,
    )) as Array<{ relname: string }>;
    expect(partitions.map((row) => row.relname)).toContain('logs_later');
    for (const { relname } of partitions) {
      const definitions = [...(await indexesOf('log_partitions', relname)).values()];
      expect(definitions.filter((definition) => / \(channel_id, model_name, created_at\)$/.test(definition))).toHaveLength(1);
      expect(definitions.filter((definition) => / \(token_name, type, created_at\)$/.test(definition))).toHaveLength(1);
      expect(definitions.filter((definition) => / \(user_id, "group", created_at\)$/.test(definition))).toHaveLength(1);
      expect(definitions.filter((definition) => / \(type, created_at\) INCLUDE .* WHERE \(type <> 2\)$/.test(definition))).toHaveLength(1);
    }
  });

  it('keeps the dashboard keys unique and upsertable while they carry the totals', async () => {
    expect((await indexesOf('public', 'quota_data')).get('uq_quota_data_user_id_created_at_model_name')).toMatch(
      /UNIQUE INDEX .* \(user_id, created_at, model_name\) INCLUDE \(username, token_used, count, quota\)/,
    );
    expect((await indexesOf('public', 'quota_data_totals')).get('pk_quota_data_totals')).toMatch(
      /UNIQUE INDEX .* \(created_at, model_name\) INCLUDE \(token_used, count, quota\)/,
    );
    const upsert = `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota)
                    VALUES (7, 'u7', 'm', 3600, 10, 1, 100)
                    ON CONFLICT (user_id, created_at, model_name) DO UPDATE SET
                      token_used = quota_data.token_used + EXCLUDED.token_used,
                      count = quota_data.count + EXCLUDED.count,
                      quota = quota_data.quota + EXCLUDED.quota`;
    await dataSource.query(upsert);
    await dataSource.query(upsert);
    expect(await dataSource.query(`SELECT token_used, count, quota FROM quota_data WHERE user_id = 7`)).toEqual([
      { token_used: '20', count: 2, quota: '200' },
    ]);
    expect(await dataSource.query(`SELECT token_used, count, quota FROM quota_data_totals WHERE created_at = 3600`)).toEqual([
      { token_used: '20', count: '2', quota: '200' },
    ]);
  });

  it('reverts to the plain keys and no pair indexes', async () => {
    // The later migration that replaces some of these indexes goes first.
    expect(await revertMigrations(dataSource, logger)).toEqual(['LogCoveringIndexes1796210000000']);
    expect(await revertMigrations(dataSource, logger)).toEqual(['LogQueryIndexes1796200000000']);
    const logs = await indexesOf('public', 'logs');
    for (const index of LOG_PAIR_INDEXES) expect(logs.has(index.name)).toBe(false);
    expect(logs.has('idx_logs_type_created_at_uncommon')).toBe(false);
    expect((await indexesOf('public', 'quota_data')).get('uq_quota_data_user_id_created_at_model_name')).toMatch(
      /\(user_id, created_at, model_name\)$/,
    );
    expect((await indexesOf('public', 'quota_data_totals')).get('pk_quota_data_totals')).toMatch(/\(created_at, model_name\)$/);
  });
});
