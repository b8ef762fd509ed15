import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import type { DataSource } from 'typeorm';
import { listLogs } from './log-query';

jest.setTimeout(60_000);

/** 2025-06-02 00:00 UTC. */
const T = 1_748_822_400;

/**
 * Filter pairs served by their own index (a channel and a model, a token name and a type, a
 * user or a username and a group, an uncommon type and anything) or by an index that carries the
 * second filter's column (a username with a model, channel or token name; a model or a channel
 * with a group; a user's model with a token name): pages stay newest first and totals below the
 * threshold exact, with the page and its total read side by side.
 */
describe('log pages filtered by two common filters', () => {
  let database: MigratedTestDatabase;
  let dataSource: DataSource;
  const admin = { kind: 'admin', userId: 1 } as const;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = database.dataSource;
    // 3,000 rows: channel 1 + g % 3, model m + g % 4, token k + g % 5, group vip for every 7th,
    // a top-up every 50th; user 1 + g % 2.
    await dataSource.query(
      `INSERT INTO logs (user_id, username, created_at, type, token_name, model_name, channel_id, "group", quota)
       SELECT 1 + g % 2, 'u' || (1 + g % 2), $1 + g, CASE WHEN g % 50 = 0 THEN 1 ELSE 2 END,
              'k' || g % 5, 'm' || g % 4, 1 + g % 3, CASE WHEN g % 7 = 0 THEN 'vip' ELSE 'default' END, g
         FROM generate_series(1, 3000) g`,
      [T],
    );
    await dataSource.query(`ANALYZE logs`);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** The rows of `predicate` over g in 1..3000, newest first. */
  const expected = (predicate: (g: number) => boolean) => {
    const rows: number[] = [];
    for (let g = 3000; g >= 1; g--) if (predicate(g)) rows.push(T + g);
    return rows;
  };

  it.each([
    ['a channel and a model', { channelId: 2, modelName: 'm3' }, (g: number) => 1 + (g % 3) === 2 && g % 4 === 3],
    ['a token name and a type', { tokenName: 'k0', type: 1 }, (g: number) => g % 5 === 0 && g % 50 === 0],
    ['an uncommon type and a channel', { type: 1, channelId: 3 }, (g: number) => g % 50 === 0 && 1 + (g % 3) === 3],
    ['an uncommon type and a group', { type: 1, group: 'vip' }, (g: number) => g % 50 === 0 && g % 7 === 0],
    ['a username and a model', { username: 'u2', modelName: 'm1' }, (g: number) => 1 + (g % 2) === 2 && g % 4 === 1],
    ['a username and a channel', { username: 'u1', channelId: 3 }, (g: number) => 1 + (g % 2) === 1 && 1 + (g % 3) === 3],
    ['a username and a token name', { username: 'u1', tokenName: 'k4' }, (g: number) => 1 + (g % 2) === 1 && g % 5 === 4],
    ['a username and a group', { username: 'u2', group: 'vip' }, (g: number) => 1 + (g % 2) === 2 && g % 7 === 0],
    ['a username and a group none of its rows has', { username: 'u2', group: 'svip' }, () => false],
    ['a model and a group', { modelName: 'm2', group: 'vip' }, (g: number) => g % 4 === 2 && g % 7 === 0],
    ['a channel and a group', { channelId: 1, group: 'vip' }, (g: number) => 1 + (g % 3) === 1 && g % 7 === 0],
    ['a group with no top-ups', { type: 1, group: 'svip' }, () => false],
  ])('%s: newest page first and the exact total', async (_name, criteria, predicate) => {
    const want = expected(predicate);
    const page = await listLogs(dataSource, admin, criteria, 1, 10);
    expect(page.total).toBe(want.length);
    expect(page.items.map((item) => item.created_at)).toEqual(want.slice(0, 10));
  });

  it("a user's own page by group: exact, and empty for a group none of their rows has", async () => {
    const self = { kind: 'self', userId: 2 } as const;
    const vip = await listLogs(dataSource, self, { userId: 2, group: 'vip' }, 2, 5);
    const want = expected((g) => 1 + (g % 2) === 2 && g % 7 === 0);
    expect(vip.total).toBe(want.length);
    expect(vip.items.map((item) => item.created_at)).toEqual(want.slice(5, 10));
    expect(await listLogs(dataSource, self, { userId: 2, group: 'svip' }, 1, 10)).toEqual({ items: [], total: 0 });
  });

  it("a user's own page by model and token name: exact, newest first", async () => {
    const self = { kind: 'self', userId: 2 } as const;
    const page = await listLogs(dataSource, self, { userId: 2, modelName: 'm1', tokenName: 'k3' }, 1, 10);
    const want = expected((g) => 1 + (g % 2) === 2 && g % 4 === 1 && g % 5 === 3);
    expect(page.total).toBe(want.length);
    expect(page.items.map((item) => item.created_at)).toEqual(want.slice(0, 10));
  });
});
