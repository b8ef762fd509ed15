import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createLogger } from '@modelgate/runtime';
import { RESPONSE_RETENTION_MS, ResponseAffinityStore } from './affinity-store';

// The store's statements against the real table: a batch written in one insert (a repeated id
// keeps its first record), read back by another replica, and pruned past the retention.

const logger = createLogger({ service: 'affinity-table-test', level: 'silent' });

let database: MigratedTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe('response_affinities', () => {
  it('takes batches, answers another replica, keeps the first record of an id, and forgets old rows', async () => {
    let now = Date.now();
    const clock = () => now;
    const writer = new ResponseAffinityStore({ dataSource: database.dataSource, logger, now: clock });
    writer.record('resp_t1', { channelId: 3, userId: 5 });
    writer.record('resp_t2', { channelId: 4, userId: 5 });
    await writer.flush();
    writer.record('resp_t1', { channelId: 9, userId: 6 });
    await writer.flush();

    const reader = new ResponseAffinityStore({ dataSource: database.dataSource, logger, now: clock });
    expect(await reader.lookup('resp_t1')).toEqual({ channelId: 3, keyIndex: 0, userId: 5, createdAt: now });
    expect(await reader.lookup('resp_t2')).toMatchObject({ channelId: 4 });

    now += RESPONSE_RETENTION_MS + 1;
    await reader.prune();
    const rows = (await database.dataSource.query(`SELECT count(*)::int AS n FROM response_affinities`)) as Array<{ n: number }>;
    expect(rows[0]!.n).toBe(0);
  });
});
