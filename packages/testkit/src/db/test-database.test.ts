import { Client } from 'pg';
import { createTestDatabase } from '.';

describe('createTestDatabase', () => {
  it('gives each caller its own database and removes it on drop', async () => {
    const [a, b] = await Promise.all([
      createTestDatabase({ migrate: false }),
      createTestDatabase({ migrate: false }),
    ]);
    try {
      expect(a.url).not.toBe(b.url);
      expect(a.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'embedded');
      expect(a.dataSource).toBeUndefined();
      if (a.kind === 'postgres') expect(new URL(a.url).pathname).toMatch(/^\/modelgate_test_[0-9a-f]{12}$/);

      // A connection left open does not prevent dropping.
      const client = new Client({ connectionString: a.url });
      client.on('error', () => undefined);
      await client.connect();
      await a.drop();
      await a.drop();
      await client.end().catch(() => undefined);
      await expect(reconnect(a.url)).rejects.toThrow();
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
  }, 60_000);

  it('returns a migrated, optionally seeded data source', async () => {
    const database = await createTestDatabase({ seed: true });
    try {
      const [{ count }] = (await database.dataSource.query(
        'SELECT count(*)::int AS count FROM "users"',
      )) as [{ count: number }];
      expect(count).toBe(1);
    } finally {
      await database.drop();
    }
    expect(database.dataSource.isInitialized).toBe(false);
  }, 60_000);
});

async function reconnect(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => undefined);
  }
}
