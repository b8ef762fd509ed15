import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import type { DataSource } from 'typeorm';
import type { LogCriteria } from './log-filter';
import { countLogs, EXACT_TOTAL_LIMIT } from './log-query';
import { whereOf } from './log-filter';
import { consumptionQuota } from './log-stats';

jest.setTimeout(60_000);

const HOUR = 3_600;
/** An hour boundary, 2025-06-02 00:00 UTC. */
const T = 1_748_822_400;

describe('log totals without reading every row', () => {
  let database: MigratedTestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = database.dataSource;
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('countLogs', () => {
    const total = (criteria: LogCriteria) => countLogs(dataSource, whereOf(criteria));

    it('is exact up to the limit', async () => {
      await dataSource.query(
        `INSERT INTO logs (user_id, created_at, type, model_name) SELECT 1, $1 + g, 2, 'small' FROM generate_series(1, $2) g`,
        [T, EXACT_TOTAL_LIMIT],
      );
      expect(await total({ modelName: 'small' })).toBe(EXACT_TOTAL_LIMIT);
      expect(await total({ modelName: 'small', start: T + 101, end: T + 200 })).toBe(100);
      expect(await total({ modelName: 'none' })).toBe(0);
    });

    it('is the planner\'s estimate above it, never below the limit plus one', async () => {
      await dataSource.query(
        `INSERT INTO logs (user_id, created_at, type, model_name) SELECT 2, $1 + g, 2, 'big' FROM generate_series(1, 30000) g`,
        [T],
      );
      await dataSource.query(`ANALYZE logs`);
      const estimate = await total({ modelName: 'big' });
      expect(estimate).toBeGreaterThan(EXACT_TOTAL_LIMIT);
      // Statistics, not a count: close to the 30,000 rows, not necessarily equal.
      expect(estimate).toBeGreaterThan(15_000);
      expect(estimate).toBeLessThan(60_000);
      expect(await total({})).toBeGreaterThan(EXACT_TOTAL_LIMIT);
      // A filter that selects few of them is exact again.
      expect(await total({ userId: 2, start: T + 1, end: T + 5 })).toBe(5);
    });
  });

  describe('consumptionQuota', () => {
    /** A deterministic spread of rows over six hours, users, tokens, models, channels, groups and types. */
    beforeAll(async () => {
      await dataSource.query(`DELETE FROM logs`);
      await dataSource.query(
        `INSERT INTO logs (user_id, username, token_name, model_name, channel_id, "group", created_at, type, quota)
         SELECT 1 + g % 3, 'u' || (1 + g % 3), 'k' || (g % 4), 'm' || (g % 5), 1 + g % 2, CASE WHEN g % 7 = 0 THEN 'vip' ELSE 'default' END,
                $1 + (g * 37) % (6 * 3600), CASE WHEN g % 11 = 0 THEN 1 ELSE 2 END, g
           FROM generate_series(1, 3000) g`,
        [T],
      );
      // Some rows deleted and one updated: the rollups follow.
      await dataSource.query(`DELETE FROM logs WHERE quota % 13 = 0`);
      await dataSource.query(`UPDATE logs SET quota = quota + 1000 WHERE quota = 1`);
    });

    const raw = async (criteria: LogCriteria) => {
      const where = whereOf({ ...criteria, type: 2 });
      const [row] = (await dataSource.query(`SELECT COALESCE(sum(l.quota), 0) AS q FROM logs l WHERE ${where.sql}`, where.parameters)) as Array<{
        q: string;
      }>;
      return Number(row!.q);
    };

    it.each<[string, LogCriteria]>([
      ['everything', {}],
      ['a range on hour boundaries', { start: T + HOUR, end: T + 3 * HOUR - 1 }],
      ['a range with partial hours at both ends', { start: T + 1_234, end: T + 4 * HOUR + 17 }],
      ['a range inside one hour', { start: T + HOUR + 5, end: T + HOUR + 900 }],
      ['an open start', { end: T + 2 * HOUR + 30 }],
      ['an open end', { start: T + 5 * HOUR - 1 }],
      ['one model, channel and group', { modelName: 'm2', channelId: 1, group: 'default', start: T + 10 }],
      ['one user (their own page)', { userId: 2, start: T + 100, end: T + 5 * HOUR }],
      ['one username and model', { username: 'u3', modelName: 'm1' }],
      ['one token name', { tokenName: 'k1', end: T + 3 * HOUR + 59 }],
      ['one user by channel (no rollup: raw rows)', { userId: 1, channelId: 2, start: T + 7 }],
      ['the type filter, which statistics ignore', { type: 1, userId: 1 }],
      ['nothing', { modelName: 'absent' }],
    ])('equals the raw sum for %s', async (_name, criteria) => {
      const expected = await raw(criteria);
      expect(await consumptionQuota(dataSource, criteria)).toBe(expected);
    });

    it('is not trivially zero', async () => {
      expect(await raw({})).toBeGreaterThan(1_000_000);
    });
  });
});
