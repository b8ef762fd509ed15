import { createLogger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { ENTITIES } from '../entities';
import { migrationStatus, revertMigrations, runMigrations } from '../migrate';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { MIGRATIONS, MIGRATIONS_TABLE } from '.';

/** Every migration's name, oldest first. */
const ALL = MIGRATIONS.map((migration) => new migration().name);

const logger = createLogger({ service: 'db-test', level: 'silent' });

/** Tables the entities declare, e.g. `users`, `logs`. */
const entityTables = () =>
  ENTITIES.map((entity) => dataSource.getMetadata(entity).tableName).sort();

async function publicTables(): Promise<string[]> {
  const rows = (await dataSource.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> $1 ORDER BY 1`,
    [MIGRATIONS_TABLE],
  )) as Array<{ tablename: string }>;
  return rows.map((row) => row.tablename);
}

async function pendingSchemaChanges(): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  dataSource = await createDataSource({ url: database.url, poolSize: 2, logger }).initialize();
}, 60_000);

afterAll(async () => {
  if (dataSource?.isInitialized) await dataSource.destroy();
  await database?.drop();
});

describe('migrations', () => {
  it('start with every migration pending on an empty database', async () => {
    const status = await migrationStatus(dataSource);
    expect(status.executed).toEqual([]);
    expect(status.pending).toEqual(ALL);
  });

  it('create every table and the named indexes', async () => {
    expect(await runMigrations(dataSource, logger)).toEqual(ALL);
    expect(await publicTables()).toEqual(entityTables());

    const indexes = (await dataSource.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> $1`,
      [MIGRATIONS_TABLE],
    )) as Array<{ indexname: string; indexdef: string }>;
    const byName = new Map(indexes.map((row) => [row.indexname, row.indexdef]));
    expect(byName.get('uq_users_username')).toMatch(/UNIQUE INDEX .* \(username\)/);
    expect(byName.get('uq_tokens_key')).toMatch(/UNIQUE INDEX .* \(key\)/);
    expect(byName.get('idx_logs_user_id_created_at')).toMatch(/\(user_id, created_at\)/);
    expect(byName.get('idx_logs_created_at_type')).toMatch(/\(created_at, type\)/);
    expect(byName.get('idx_logs_user_id_model_name_created_at')).toMatch(/\(user_id, model_name, created_at\)/);
    expect(byName.get('idx_abilities_group_model_enabled_priority')).toMatch(
      /\("group", model, enabled, priority\)/,
    );
    expect(byName.get('pk_abilities')).toMatch(/\("group", model, channel_id\)/);
    expect(byName.get('uq_channels_external_ref')).toMatch(/UNIQUE INDEX/);
    expect(byName.get('uq_top_ups_trade_no')).toMatch(/UNIQUE INDEX/);
    expect(byName.get('idx_sessions_expires_at')).toBeDefined();
    expect(byName.get('idx_verification_codes_purpose_target')).toMatch(/\(purpose, target\)/);
    expect(byName.get('idx_quota_data_model_name_created_at')).toBeDefined();
    // Every index follows the naming convention, so none was left to TypeORM's generated names.
    for (const name of byName.keys()) {
      expect(name).toMatch(/^(pk|uq|idx)_[a-z_]+$/);
    }
  });

  it('leave nothing for the schema builder to change: entities and SQL agree', async () => {
    expect(await pendingSchemaChanges()).toEqual([]);
  });

  it('report the applied migration and do nothing when run again', async () => {
    const status = await migrationStatus(dataSource);
    expect(status.executed.map((m) => m.name)).toEqual(ALL);
    expect(status.pending).toEqual([]);
    expect(await runMigrations(dataSource, logger)).toEqual([]);
  });

  it('apply once when several starters migrate at the same time', async () => {
    await revertMigrations(dataSource, logger, { all: true });
    const others = await Promise.all(
      [1, 2].map(() => createDataSource({ url: database.url, poolSize: 1, logger }).initialize()),
    );
    try {
      const results = await Promise.all(
        [dataSource, ...others].map((source) => runMigrations(source, logger)),
      );
      expect(results.flat()).toEqual(ALL);
    } finally {
      await Promise.all(others.map((source) => source.destroy()));
    }
  });

  it('revert completely and apply cleanly again', async () => {
    expect(await revertMigrations(dataSource, logger, { all: true })).toEqual([...ALL].reverse());
    expect(await publicTables()).toEqual([]);
    expect((await migrationStatus(dataSource)).pending).toHaveLength(ALL.length);
    expect(await revertMigrations(dataSource, logger)).toEqual([]);

    expect(await runMigrations(dataSource, logger)).toEqual(ALL);
    expect(await publicTables()).toEqual(entityTables());
    expect(await pendingSchemaChanges()).toEqual([]);
  });

  it('convert an existing logs table to partitions in place, keeping its rows, ids and totals', async () => {
    // Back to just before the partitioning (the migrations after it are reverted first).
    const reverted: string[] = [];
    while (!reverted.includes('LogPartitions1796131000000')) {
      const names = await revertMigrations(dataSource, logger);
      expect(names).toHaveLength(1);
      reverted.push(...names);
    }
    const now = Math.floor(Date.now() / 1000);
    await dataSource.query(
      `INSERT INTO logs (user_id, created_at, type, model_name, quota, request_id)
       VALUES (1, 1000, 2, 'm', 5, 'r1'), (1, $1, 2, 'm', 7, 'r2'), (2, $1, 1, '', 100, NULL)`,
      [now - 10],
    );
    await dataSource.query(
      `INSERT INTO quota_data (user_id, model_name, created_at, token_used, count, quota) VALUES (1, 'm', 3600, 10, 1, 5), (2, 'm', 3600, 4, 2, 6)`,
    );
    expect(await runMigrations(dataSource, logger)).toEqual([...reverted].reverse());

    const rows = (await dataSource.query(`SELECT id, tableoid::regclass::text AS part FROM logs ORDER BY id`)) as Array<{ id: string; part: string }>;
    expect(rows.map((row) => row.part)).toEqual(['log_partitions.logs_legacy', 'log_partitions.logs_legacy', 'log_partitions.logs_legacy']);
    const maxId = Math.max(...rows.map((row) => Number(row.id)));
    const [next] = (await dataSource.query(
      `INSERT INTO logs (user_id, created_at, type, quota) VALUES (3, $1, 2, 1) RETURNING id, tableoid::regclass::text AS part`,
      [now + 86_400],
    )) as Array<{ id: string; part: string }>;
    expect(Number(next!.id)).toBeGreaterThan(maxId);
    expect(next!.part).toMatch(/^log_partitions\.logs_\d{8}$/);
    // A redelivered request id (same creation time) still writes nothing.
    const replay = (await dataSource.query(
      `INSERT INTO logs (user_id, created_at, type, quota, request_id) VALUES (1, 1000, 2, 5, 'r1') ON CONFLICT (request_id, created_at) DO NOTHING RETURNING id`,
    )) as unknown[];
    expect(replay).toEqual([]);
    const [totals] = (await dataSource.query(
      `SELECT (SELECT sum(quota) FROM log_hourly_totals) AS gateway, (SELECT sum(quota) FROM log_hourly_user_totals) AS users,
              (SELECT sum(count) FROM quota_data_totals) AS dashboard`,
    )) as Array<Record<string, string>>;
    expect(totals).toEqual({ gateway: '13', users: '13', dashboard: '3' });
    expect(await pendingSchemaChanges()).toEqual([]);
  });
});
