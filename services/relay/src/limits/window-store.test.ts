import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { PostgresWindowStore } from './window-store';

// The shared windows on PostgreSQL: grants under concurrency never pass the limit, owed units
// are always written, and expired windows are purged.

let database: MigratedTestDatabase;
let store: PostgresWindowStore;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 8 });
  store = new PostgresWindowStore(database.dataSource);
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe('PostgresWindowStore', () => {
  it('grants at most the limit in all to concurrent takes of one window', async () => {
    const grants = await Promise.all(Array.from({ length: 40 }, () => store.take('user-total:1', MINUTE, MINUTE, 50, 3, 0)));
    expect(grants.reduce((sum, grant) => sum + grant.granted, 0)).toBe(50);
    expect(Math.max(...grants.map((grant) => grant.taken))).toBe(50);
    // Each grant is what its own statement added: all-or-part, never more than asked.
    expect(grants.every((grant) => grant.granted >= 0 && grant.granted <= 3)).toBe(true);
  });

  it('always writes owed units, even past the limit, and keeps windows apart', async () => {
    expect(await store.take('user-total:2', MINUTE, MINUTE, 2, 3, 1)).toEqual({ granted: 2, taken: 2 });
    expect(await store.take('user-total:2', MINUTE, MINUTE, 2, 1, 1)).toEqual({ granted: 1, taken: 3 });
    expect(await store.take('user-total:2', 2 * MINUTE, MINUTE, 2, 1, 0)).toEqual({ granted: 1, taken: 1 });
  });

  it('deletes windows two lengths after they started', async () => {
    await store.take('user-total:3', 0, MINUTE, 5, 1, 0);
    await store.purgeExpired(3 * MINUTE);
    const rows = await database.dataSource.query(`SELECT bucket FROM relay_limit_windows WHERE bucket = 'user-total:3'`);
    expect(rows).toEqual([]);
  });
});
