import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@modelgate/runtime';
import { Client } from 'pg';
import { createDataSource } from '../data-source';
import { OptionEntity } from '../entities';
import { runMigrations } from '../migrate';
import { startEmbeddedPostgres } from './embedded-postgres';

const logger = createLogger({ service: 'db-test', level: 'silent' });

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'modelgate-embedded-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  // Nested and missing on purpose: the first start creates the directory and runs initdb.
  const dataDir = () => join(dir, 'nested', 'data');

  it('serves PostgreSQL on an ephemeral port and keeps data across a restart', async () => {
    const first = await startEmbeddedPostgres({ dataDir: dataDir(), port: 0, logger });
    expect(first.port).toBeGreaterThan(0);
    expect(first.url).toMatch(new RegExp(`^postgres://postgres:[0-9a-f]{64}@127\\.0\\.0\\.1:${first.port}/postgres$`));

    const dataSource = await createDataSource({ url: first.url, poolSize: 2, logger }).initialize();
    await runMigrations(dataSource, logger);
    await dataSource.getRepository(OptionEntity).insert({ key: 'SystemName', value: 'kept' });
    await dataSource.destroy();
    await first.stop();
    await first.stop(); // idempotent

    const second = await startEmbeddedPostgres({ dataDir: dataDir(), port: 0, logger });
    const reopened = await createDataSource({ url: second.url, poolSize: 2, logger }).initialize();
    try {
      const option = await reopened.getRepository(OptionEntity).findOneBy({ key: 'SystemName' });
      expect(option?.value).toBe('kept');
      expect(await runMigrations(reopened, logger)).toEqual([]);
    } finally {
      await reopened.destroy();
      await second.stop();
    }
  }, 120_000);

  it('serves only clients that prove the password generated for this start', async () => {
    const server = await startEmbeddedPostgres({ dataDir: join(dir, 'authenticated'), port: 0, logger });
    const url = new URL(server.url);
    const password = decodeURIComponent(url.password);
    const connect = async (config: ConstructorParameters<typeof Client>[0]) => {
      const client = new Client(config);
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    const at = { host: url.hostname, port: Number(url.port), user: 'postgres', database: 'postgres', connectionTimeoutMillis: 5_000 };
    try {
      // Another local user knows the port, but not the password.
      await expect(connect({ ...at })).rejects.toThrow();
      await expect(connect({ ...at, password: 'postgres' })).rejects.toThrow(/password authentication failed/);
      const wrong = password.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
      await expect(connect({ ...at, password: wrong })).rejects.toThrow(/password authentication failed/);
      // The URL's password works, over several connections at once, and after refusals.
      expect(await Promise.all([connect({ connectionString: server.url }), connect({ ...at, password })])).toEqual([1, 1]);
      // A restart picks a new password: the old one no longer works.
      await server.stop();
      const restarted = await startEmbeddedPostgres({ dataDir: join(dir, 'authenticated'), port: Number(url.port), logger });
      try {
        expect(restarted.url).not.toBe(server.url);
        await expect(connect({ connectionString: server.url })).rejects.toThrow(/password authentication failed/);
        expect(await connect({ connectionString: restarted.url })).toBe(1);
      } finally {
        await restarted.stop();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('keeps concurrent parameterised queries and transactions of many connections apart', async () => {
    const server = await startEmbeddedPostgres({ dataDir: join(dir, 'concurrent'), port: 0, logger });
    const clients = Array.from({ length: 4 }, () => new Client({ connectionString: server.url }));
    try {
      await Promise.all(clients.map((client) => client.connect()));
      await clients[0]!.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
      await clients[0]!.query('INSERT INTO counters VALUES (1, 0)');
      // Each client interleaves extended-protocol statements (Parse/Bind/Execute/Sync) with the
      // others, and every fourth round runs a transaction whose statements must stay together.
      const rounds = await Promise.all(
        clients.map(async (client, index) => {
          const seen: number[] = [];
          for (let round = 0; round < 25; round++) {
            if (round % 4 === 0) {
              await client.query('BEGIN');
              await client.query('UPDATE counters SET n = n + $1 WHERE id = $2', [1, 1]);
              await client.query('COMMIT');
            }
            const { rows } = await client.query('SELECT $1::int + $2::int AS sum', [index, round]);
            seen.push(rows[0].sum);
          }
          return seen;
        }),
      );
      rounds.forEach((seen, index) => expect(seen).toEqual(Array.from({ length: 25 }, (_, round) => index + round)));
      const { rows } = await clients[0]!.query('SELECT n FROM counters WHERE id = $1', [1]);
      expect(rows[0].n).toBe(4 * 7);
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      await server.stop();
    }
  }, 120_000);

  it('refuses a second opener and drops connections beyond maxConnections', async () => {
    const server = await startEmbeddedPostgres({ dataDir: dataDir(), maxConnections: 2, logger });
    // One process per data directory: PGlite does not protect it itself.
    await expect(startEmbeddedPostgres({ dataDir: dataDir(), logger })).rejects.toThrow(
      /already open/,
    );
    const clients = [1, 2, 3].map(() => new Client({ connectionString: server.url }));
    try {
      await clients[0]!.connect();
      await clients[1]!.connect();
      await expect(clients[2]!.connect()).rejects.toThrow();
      const { rows } = await clients[0]!.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await Promise.allSettled(clients.map((client) => client.end()));
      await server.stop();
    }
  }, 60_000);

  it('fails clearly when the port is taken, leaving the data directory usable', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      await expect(startEmbeddedPostgres({ dataDir: dataDir(), port, logger })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const server = await startEmbeddedPostgres({ dataDir: dataDir(), port, logger });
    expect(server.port).toBe(port);
    await server.stop();
  }, 60_000);
});
