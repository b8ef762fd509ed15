import { DAY_SECONDS, LOG_DEFAULT_PARTITION } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import type { DataSource } from 'typeorm';
import { parseOption } from '@modelgate/contracts/options';
import { DAYS_AHEAD, dropPartitionsBefore, ensureDailyPartitions, listLogPartitions } from './log-partitions';
import { applyLogRetention, deleteLogsBefore } from './log-retention';

jest.setTimeout(60_000);

/** 2026-03-10 12:00 UTC. */
const NOW = 1_773_144_000;
const TODAY = NOW - (NOW % DAY_SECONDS);

describe('daily log partitions', () => {
  let database: MigratedTestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = database.dataSource;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const insert = (createdAt: number, quota = 1, type = 2) =>
    dataSource.query(`INSERT INTO logs (user_id, username, created_at, type, model_name, quota) VALUES (1, 'u', $1, $2, 'm', $3)`, [
      createdAt,
      type,
      quota,
    ]);
  const partitionOf = async (createdAt: number) =>
    ((await dataSource.query(`SELECT tableoid::regclass::text AS p FROM logs WHERE created_at = $1`, [createdAt])) as Array<{ p: string }>).map(
      (row) => row.p,
    );
  const rolledUp = async () => {
    const [row] = (await dataSource.query(
      `SELECT (SELECT COALESCE(sum(quota), 0) FROM log_hourly_totals) AS channels, (SELECT COALESCE(sum(quota), 0) FROM log_hourly_model_totals) AS models`,
    )) as Array<{ channels: string; models: string }>;
    expect(row!.models).toBe(row!.channels);
    return Number(row!.channels);
  };
  const userRolledUp = async () =>
    Number(((await dataSource.query(`SELECT COALESCE(sum(quota), 0) AS q FROM log_hourly_user_totals`)) as Array<{ q: string }>)[0]!.q);
  const rawConsumption = async () =>
    Number(((await dataSource.query(`SELECT COALESCE(sum(quota), 0) AS q FROM logs WHERE type = 2`)) as Array<{ q: string }>)[0]!.q);

  it('start with today and tomorrow, and the default partition for every other row', async () => {
    const today = Math.floor(Date.now() / 1000 / DAY_SECONDS) * DAY_SECONDS;
    const partitions = await listLogPartitions(dataSource.manager);
    expect(partitions.map((p) => p.from)).toEqual([0, 1].map((days) => today + days * DAY_SECONDS).concat(null as never));
    expect(partitions.at(-1)).toMatchObject({ name: LOG_DEFAULT_PARTITION, isDefault: true });
    await insert(TODAY + 100, 5);
    await insert(TODAY - 400 * DAY_SECONDS, 7);
    expect(await partitionOf(TODAY + 100)).toEqual([`log_partitions.${LOG_DEFAULT_PARTITION}`]);
  });

  it('are created from yesterday to days ahead, taking their rows out of the default partition', async () => {
    const created = await ensureDailyPartitions(dataSource, NOW);
    expect(created).toEqual(['logs_20260309', 'logs_20260310', 'logs_20260311', 'logs_20260312', 'logs_20260313']);
    expect(created).toHaveLength(DAYS_AHEAD + 2);
    expect(await partitionOf(TODAY + 100)).toEqual(['log_partitions.logs_20260310']);
    expect(await partitionOf(TODAY - 400 * DAY_SECONDS)).toEqual([`log_partitions.${LOG_DEFAULT_PARTITION}`]);
    await insert(TODAY + DAY_SECONDS + 1, 11);
    expect(await partitionOf(TODAY + DAY_SECONDS + 1)).toEqual(['log_partitions.logs_20260311']);
    // Nothing to do a second time; the next day brings one more partition.
    expect(await ensureDailyPartitions(dataSource, NOW)).toEqual([]);
    expect(await ensureDailyPartitions(dataSource, NOW + DAY_SECONDS)).toEqual(['logs_20260314']);
    const partitions = await listLogPartitions(dataSource.manager);
    expect(partitions[0]).toMatchObject({ name: 'logs_20260309', from: TODAY - DAY_SECONDS, to: TODAY, isDefault: false });
    expect(partitions.at(-1)).toMatchObject({ name: LOG_DEFAULT_PARTITION, isDefault: true });
    expect(await rolledUp()).toBe(await rawConsumption());
  });

  it('are dropped whole by retention, with the rollup hours they held, and older rows elsewhere deleted', async () => {
    await insert(TODAY - DAY_SECONDS + 10, 13);
    await insert(TODAY - DAY_SECONDS + 20, 1_000, 1);
    expect(await applyLogRetention(dataSource, 0, NOW + 5 * DAY_SECONDS)).toEqual({ dropped: [], deleted: 0 });
    // Three days kept from the 13th at noon: every day before the 10th goes.
    const result = await applyLogRetention(dataSource, 3, NOW + 3 * DAY_SECONDS);
    expect(result).toEqual({ dropped: ['logs_20260309'], deleted: 1 });
    expect(await partitionOf(TODAY - DAY_SECONDS + 10)).toEqual([]);
    expect(await partitionOf(TODAY - 400 * DAY_SECONDS)).toEqual([]);
    expect(await partitionOf(TODAY + 100)).toEqual(['log_partitions.logs_20260310']);
    expect(await rolledUp()).toBe(5 + 11);
    expect(await userRolledUp()).toBe(5 + 11);
    expect(await rawConsumption()).toBe(5 + 11);
  });

  it('are dropped by "clear logs before a date", which still answers the exact count', async () => {
    await insert(TODAY + 200, 3);
    await insert(TODAY + DAY_SECONDS + 50, 4, 1);
    await insert(TODAY + 2 * DAY_SECONDS + 7, 9);
    // Before the 11th 00:00:30: the 10th whole (two rows) and one row of the 11th.
    expect(await deleteLogsBefore(dataSource, TODAY + DAY_SECONDS + 30)).toBe(3);
    expect((await listLogPartitions(dataSource.manager)).map((p) => p.name)).not.toContain('logs_20260310');
    const left = (await dataSource.query(`SELECT created_at FROM logs ORDER BY created_at`)) as Array<{ created_at: string }>;
    expect(left.map((row) => Number(row.created_at))).toEqual([TODAY + DAY_SECONDS + 50, TODAY + 2 * DAY_SECONDS + 7]);
    expect(await rolledUp()).toBe(9);
    expect(await userRolledUp()).toBe(9);
    expect(await dropPartitionsBefore(dataSource, TODAY)).toEqual({ dropped: [], rows: 0 });
  });

  it('read the retention setting as whole days, 0 or anything else keeping all', () => {
    const retentionDaysOf = (text: string) => parseOption('LogRetentionDays', text);
    expect(retentionDaysOf('30')).toBe(30);
    expect(retentionDaysOf('0')).toBe(0);
    expect(retentionDaysOf('')).toBe(0);
    expect(retentionDaysOf('-3')).toBe(0);
    expect(retentionDaysOf('1.5')).toBe(0);
  });
});
