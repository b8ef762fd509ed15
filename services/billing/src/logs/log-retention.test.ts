import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { deleteLogsBefore } from './log-retention';

jest.setTimeout(60_000);

describe('deleteLogsBefore', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('deletes every older row across several batches and keeps the rest', async () => {
    const { dataSource } = database;
    for (const at of [1, 2, 3, 4, 5, 6, 7, 100, 101]) {
      await dataSource.query(`INSERT INTO logs (user_id, created_at, type) VALUES (1, $1, 2)`, [at]);
    }
    expect(await deleteLogsBefore(dataSource, 100, 3)).toBe(7);
    const left = (await dataSource.query(`SELECT created_at FROM logs ORDER BY created_at`)) as Array<{ created_at: string }>;
    expect(left.map((row) => Number(row.created_at))).toEqual([100, 101]);
    expect(await deleteLogsBefore(dataSource, 100, 3)).toBe(0);
  });

  it('stops after an exactly full last batch', async () => {
    const { dataSource } = database;
    await dataSource.query(`DELETE FROM logs`);
    for (const at of [1, 2, 3, 4]) await dataSource.query(`INSERT INTO logs (created_at) VALUES ($1)`, [at]);
    expect(await deleteLogsBefore(dataSource, 10, 2)).toBe(4);
  });
});
