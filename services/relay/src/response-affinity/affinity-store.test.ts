import { createLogger } from '@modelgate/runtime';
import { RESPONSE_RETENTION_MS, ResponseAffinityStore } from './affinity-store';

const logger = createLogger({ service: 'affinity-test', level: 'silent' });

/** A table of records behind `query`, counting the statements it was sent. */
function fakeTable() {
  const rows = new Map<string, { channel_id: number; key_index: number; user_id: number; created_at: number }>();
  const statements: string[] = [];
  const query = async (sql: string, params: unknown[] = []): Promise<unknown[]> => {
    statements.push(sql.trim().split(/\s+/)[0]!);
    if (sql.includes('INSERT')) {
      const [ids, channels, keys, users, times] = params as [string[], number[], number[], number[], number[]];
      ids.forEach((id, i) => rows.has(id) || rows.set(id, { channel_id: channels[i]!, key_index: keys[i]!, user_id: users[i]!, created_at: times[i]! }));
      return [];
    }
    if (sql.includes('SELECT')) {
      const row = rows.get(params[0] as string);
      return row && row.created_at >= (params[1] as number) ? [{ ...row, created_at: String(row.created_at) }] : [];
    }
    if (sql.includes('DELETE')) {
      for (const [id, row] of rows) if (row.created_at < (params[0] as number)) rows.delete(id);
    }
    return [];
  };
  return { rows, statements, query, dataSource: { query } as never };
}

describe('ResponseAffinityStore', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('answers from memory at once and writes to the table only when flushed, in one statement', async () => {
    const table = fakeTable();
    const store = new ResponseAffinityStore({ dataSource: table.dataSource, logger, now: clock });
    store.record('resp_a', { channelId: 7, userId: 3 });
    store.record('resp_b', { channelId: 8, userId: 3 });
    expect(await store.lookup('resp_a')).toEqual({ channelId: 7, keyIndex: 0, userId: 3, createdAt: now });
    expect(table.statements).toEqual([]);
    await store.flush();
    expect(table.statements).toEqual(['INSERT']);
    expect([...table.rows.keys()]).toEqual(['resp_a', 'resp_b']);
  });

  it('reads the table for an id another replica recorded, then keeps it in memory', async () => {
    const table = fakeTable();
    const writer = new ResponseAffinityStore({ dataSource: table.dataSource, logger, now: clock });
    const reader = new ResponseAffinityStore({ dataSource: table.dataSource, logger, now: clock });
    writer.record('resp_x', { channelId: 9, userId: 4 });
    await writer.flush();
    expect(await reader.lookup('resp_x')).toEqual({ channelId: 9, keyIndex: 0, userId: 4, createdAt: now });
    expect(await reader.lookup('resp_x')).toBeDefined();
    expect(table.statements.filter((s) => s === 'SELECT')).toHaveLength(1);
    expect(await reader.lookup('resp_unknown')).toBeUndefined();
  });

  it('writes a full batch without waiting for the interval', async () => {
    const table = fakeTable();
    const store = new ResponseAffinityStore({ dataSource: table.dataSource, logger, now: clock, maxBatch: 2 });
    store.record('resp_1', { channelId: 1, userId: 1 });
    store.record('resp_2', { channelId: 1, userId: 1 });
    await store.flush();
    expect(table.statements).toEqual(['INSERT']);
    expect(table.rows.size).toBe(2);
  });

  it('keeps at most its capacity in memory, dropping the least recently used', async () => {
    const table = fakeTable();
    const store = new ResponseAffinityStore({ dataSource: table.dataSource, logger, now: clock, capacity: 2 });
    store.record('resp_1', { channelId: 1, userId: 1 });
    store.record('resp_2', { channelId: 2, userId: 1 });
    await store.lookup('resp_1');
    store.record('resp_3', { channelId: 3, userId: 1 });
    // resp_2 left memory (nothing was flushed, so the table cannot answer for it).
    expect(await store.lookup('resp_2')).toBeUndefined();
    expect(await store.lookup('resp_1')).toBeDefined();
    expect(await store.lookup('resp_3')).toBeDefined();
  });

  it('forgets records past the retention, in memory and in the table', async () => {
    const table = fakeTable();
    const store = new ResponseAffinityStore({ dataSource: table.dataSource, logger, now: clock });
    store.record('resp_old', { channelId: 1, userId: 1 });
    await store.flush();
    now += RESPONSE_RETENTION_MS + 1;
    expect(await store.lookup('resp_old')).toBeUndefined();
    await store.prune();
    expect(table.rows.size).toBe(0);
  });

  it('never records or looks up what cannot be a response id', async () => {
    const table = fakeTable();
    const store = new ResponseAffinityStore({ dataSource: table.dataSource, logger, now: clock });
    store.record('resp\u0000x', { channelId: 1, userId: 1 });
    expect(await store.lookup('resp\u0000x')).toBeUndefined();
    expect(await store.lookup('r'.repeat(192))).toBeUndefined();
    await store.flush();
    expect(table.statements).toEqual([]);
  });

  it('answers no record when the table cannot be read', async () => {
    const store = new ResponseAffinityStore({ dataSource: { query: () => Promise.reject(new Error('down')) } as never, logger, now: clock });
    await expect(store.lookup('resp_1')).resolves.toBeUndefined();
  });

  it('keeps a batch the table refused for the next flush', async () => {
    const table = fakeTable();
    let fail = true;
    const dataSource = { query: (sql: string, params?: unknown[]) => (fail ? Promise.reject(new Error('down')) : table.query(sql, params)) };
    const store = new ResponseAffinityStore({ dataSource: dataSource as never, logger, now: clock });
    store.record('resp_1', { channelId: 1, userId: 1 });
    await store.flush();
    fail = false;
    await store.flush();
    expect([...table.rows.keys()]).toEqual(['resp_1']);
  });
});
