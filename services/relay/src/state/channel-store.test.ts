import { BUS_REGISTRY, type ModelgateBusRegistry } from '@modelgate/contracts/bus';
import { ChannelStatus } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger, type InProcessBus } from '@modelgate/runtime';
import { ChannelStore } from './channel-store';
import { bucketDigestsSql, FINGERPRINT_BUCKETS, FingerprintBook } from './fingerprint-book';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'channel-store-test', level: 'silent' });

/** Waits until `check` passes (events are delivered asynchronously). */
async function eventually(check: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

interface ChannelSpec {
  status?: number;
  priority?: number;
  modelMapping?: string | null;
  /** group → models, all enabled unless listed in `disabledModels`. */
  abilities: Record<string, string[]>;
  disabledModels?: string[];
  type?: number;
}

describe('ChannelStore', () => {
  let database: MigratedTestDatabase;
  let bus: InProcessBus<ModelgateBusRegistry>;
  let store: ChannelStore;
  const ids: Record<string, number> = {};

  const addChannel = async (name: string, spec: ChannelSpec): Promise<number> => {
    const rows: Array<{ id: number }> = await database.dataSource.query(
      `INSERT INTO channels (type, name, key, status, priority, model_mapping) VALUES ($5, $1, 'sk-up', $2, $3, $4) RETURNING id`,
      [name, spec.status ?? ChannelStatus.Enabled, spec.priority ?? 0, spec.modelMapping ?? null, spec.type ?? 1],
    );
    const id = rows[0]!.id;
    for (const [group, models] of Object.entries(spec.abilities)) {
      for (const model of models) {
        await database.dataSource.query(
          `INSERT INTO abilities ("group", model, channel_id, enabled) VALUES ($1, $2, $3, $4)`,
          [group, model, id, !spec.disabledModels?.includes(model)],
        );
      }
    }
    ids[name] = id;
    return id;
  };
  const setStatus = (id: number, status: number) =>
    database.dataSource.query('UPDATE channels SET status = $1 WHERE id = $2', [status, id]);
  const routes = (group: string, model: string) =>
    store.snapshot().tiers(group, model).flatMap((tier) => tier.members.map((member) => member.channel.id));

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    await addChannel('openai', { priority: 10, abilities: { default: ['gpt-4o', 'gpt-4o-mini'], vip: ['gpt-4o'] } });
    await addChannel('backup', { abilities: { default: ['gpt-4o', 'gpt-4-gizmo-*'] } });
    await addChannel('off', { status: ChannelStatus.ManuallyDisabled, abilities: { default: ['o1'], vip: ['o1'] } });
    await addChannel('partial', { abilities: { vip: ['claude-3', 'gemini-pro'] }, disabledModels: ['gemini-pro'] });
    store = new ChannelStore({ dataSource: database.dataSource, logger, fullReloadIntervalMs: 0 });
    await store.start(bus);
  });
  afterAll(async () => {
    await store?.stop();
    await bus?.close();
    await database?.drop();
  });
  afterEach(() => jest.restoreAllMocks());

  it('routes from the loaded channels and abilities', () => {
    expect(routes('default', 'gpt-4o')).toEqual([ids.openai, ids.backup]);
    expect(store.snapshot().tiers('default', 'gpt-4o').map((tier) => tier.priority)).toEqual([10, 0]);
    expect(store.snapshot().channel(ids.off!)?.enabled).toBe(false);
    expect(store.snapshot().channel(ids.openai!)?.row.key).toBe('sk-up');
    expect(routes('default', 'o1')).toEqual([]);
  });

  it('lists only models with an enabled ability on an enabled channel, sorted, per group', () => {
    expect(store.models('default')).toEqual(['gpt-4-gizmo-*', 'gpt-4o', 'gpt-4o-mini']);
    expect(store.models('vip')).toEqual(['claude-3', 'gpt-4o']);
    expect(store.models('')).toEqual(['claude-3', 'gpt-4-gizmo-*', 'gpt-4o', 'gpt-4o-mini']);
    expect(store.models()).toBe(store.models(''));
    expect(store.models('nobody')).toEqual([]);
  });

  it('tells a model no channel lists from one that is configured but unavailable', () => {
    expect(store.knowsModel('claude-3')).toBe(true);
    expect(store.knowsModel('gpt-4-gizmo-g-abc123')).toBe(true);
    // On a disabled channel, or a disabled ability: configured, so "no channel" (503) rather than 404.
    expect(store.knowsModel('o1')).toBe(true);
    expect(store.knowsModel('gemini-pro')).toBe(true);
    expect(store.knowsModel('unknown')).toBe(false);
  });

  it('picks up a new channel and a disabled one once channel.changed is published', async () => {
    const id = await addChannel('fresh', { abilities: { default: ['deepseek-chat'] } });
    await setStatus(ids.backup!, ChannelStatus.ManuallyDisabled);
    // Memory only changes with the event.
    expect(store.models('default')).not.toContain('deepseek-chat');
    expect(routes('default', 'gpt-4o')).toContain(ids.backup);
    await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [id, ids.backup!], reason: 'edited' });
    await eventually(() => expect(store.models('default')).toContain('deepseek-chat'));
    expect(routes('default', 'deepseek-chat')).toEqual([id]);
    expect(routes('default', 'gpt-4o')).toEqual([ids.openai]);
    expect(store.models('')).not.toContain('gpt-4-gizmo-*');

    await setStatus(ids.backup!, ChannelStatus.Enabled);
    await store.applyChange({ channelIds: [ids.backup!], reason: 'enabled' });
    expect(routes('default', 'gpt-4o')).toEqual([ids.openai, ids.backup]);
  });

  it('coalesces changes arriving during a reload into exactly one follow-up reload', async () => {
    const transaction = jest.spyOn(database.dataSource, 'transaction');
    const generation = store.generation;
    const first = store.reload();
    const followUps = Array.from({ length: 10 }, (_, i) => store.applyChange({ channelIds: [i], reason: 'burst' }));
    await Promise.all([first, ...followUps]);
    expect(store.generation).toBe(generation + 2);
    expect(transaction).toHaveBeenCalledTimes(2);
    await store.reload();
    expect(store.generation).toBe(generation + 3);
  });

  it('a reload asked for during another one settles on data read after the call', async () => {
    const original = database.dataSource.transaction.bind(database.dataSource) as (...args: unknown[]) => Promise<unknown>;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let read = false;
    jest.spyOn(database.dataSource, 'transaction').mockImplementationOnce((async (...args: unknown[]) => {
      const tables = await original(...args);
      read = true;
      await gate; // the first reload has read the tables and not yet installed them
      return tables;
    }) as never);
    const first = store.reload();
    await eventually(() => expect(read).toBe(true));
    await setStatus(ids.partial!, ChannelStatus.ManuallyDisabled);
    const second = store.applyChange({ channelIds: [ids.partial!], reason: 'disabled' });
    release();
    await second;
    expect(store.models('vip')).toEqual(['gpt-4o']);
    await first;
    await setStatus(ids.partial!, ChannelStatus.Enabled);
    await store.reload();
    expect(store.models('vip')).toEqual(['claude-3', 'gpt-4o']);
  });

  it('coalesces a burst of events from the bus', async () => {
    const generation = store.generation;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        bus.publish('modelgate.evt.config.channel.changed', { channelIds: [ids.openai!], reason: 'burst' }),
      ),
    );
    await eventually(() => expect(store.generation).toBeGreaterThan(generation));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.generation - generation).toBeLessThanOrEqual(2);
  });

  it('markDisabled takes a channel out of routing at once', () => {
    store.markDisabled(ids.backup!);
    expect(store.snapshot().channel(ids.backup!)?.enabled).toBe(false);
    expect(routes('default', 'gpt-4o')).toEqual([ids.openai]);
    expect(store.models('default')).not.toContain('gpt-4-gizmo-*');
    expect(store.models('')).not.toContain('gpt-4-gizmo-*');
    const snapshot = store.snapshot();
    store.markDisabled(ids.backup!); // already out: nothing rebuilt
    store.markDisabled(999_999); // unknown: ignored
    expect(store.snapshot()).toBe(snapshot);
  });

  it('a reload that started before markDisabled keeps the channel out; a later one reads the table', async () => {
    await store.reload(); // the table still says enabled (nothing was written): back in
    expect(routes('default', 'gpt-4o')).toEqual([ids.openai, ids.backup]);
    const stale = store.reload();
    store.markDisabled(ids.backup!);
    await stale;
    expect(routes('default', 'gpt-4o')).toEqual([ids.openai]);
    await store.reload();
    expect(routes('default', 'gpt-4o')).toEqual([ids.openai, ids.backup]);
  });

  it('logs the rows it cannot fully use once per reload', async () => {
    const id = await addChannel('broken', { modelMapping: '{not json', abilities: { default: ['broken-model'] } });
    const warn = jest.spyOn(logger, 'warn');
    await store.reload();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ problems: [{ channelId: id, field: 'model_mapping' }] });
    expect(routes('default', 'broken-model')).toEqual([id]);
    await database.dataSource.query('UPDATE channels SET model_mapping = NULL WHERE id = $1', [id]);
  });

  it('skips a channel of a type the gateway cannot serve yet, with one warning naming it', async () => {
    const id = await addChannel('palm', { type: 11, abilities: { default: ['gemini-only', 'gpt-4o'] } });
    const warn = jest.spyOn(logger, 'warn');
    await store.reload();
    expect(warn).toHaveBeenCalledTimes(1);
    const problems = (warn.mock.calls[0]![0] as { problems: Array<{ channelId: number; field: string; message: string }> }).problems;
    expect(problems).toEqual([{ channelId: id, field: 'type', message: expect.stringMatching(/^type 11 \(Google PaLM2 is not supported yet: .+\); the channel is skipped$/) }]);
    expect(routes('default', 'gemini-only')).toEqual([]);
    expect(routes('default', 'gpt-4o')).not.toContain(id);
    expect(store.models('default')).not.toContain('gemini-only');
    expect(store.knowsModel('gemini-only')).toBe(true);
    await database.dataSource.query('DELETE FROM abilities WHERE channel_id = $1', [id]);
    await database.dataSource.query('DELETE FROM channels WHERE id = $1', [id]);
    await store.reload();
  });

  it('keeps the previous channels when a reload fails', async () => {
    const before = store.snapshot();
    const generation = store.generation;
    jest.spyOn(database.dataSource, 'transaction').mockRejectedValueOnce(new Error('connection lost'));
    await expect(store.reload()).rejects.toThrow('connection lost');
    expect(store.snapshot()).toBe(before);
    expect(store.generation).toBe(generation);
    await store.reload();
    expect(store.generation).toBe(generation + 1);
  });

  it('an event re-reads only the channels it names; the rest of the snapshot is shared, not rebuilt', async () => {
    const a = await addChannel('named', { abilities: { default: ['named-model'] } });
    const b = await addChannel('unnamed', { abilities: { default: ['named-model'] } });
    await store.applyChange({ channelIds: [a, b], reason: 'created' });
    const untouched = store.snapshot().channel(ids.openai!);
    expect(untouched).toBeDefined();
    await setStatus(a, ChannelStatus.ManuallyDisabled);
    await setStatus(b, ChannelStatus.ManuallyDisabled);
    await store.applyChange({ channelIds: [a], reason: 'disabled' });
    expect(routes('default', 'named-model')).toEqual([b]); // b's change had no event yet
    expect(store.snapshot().channel(ids.openai!)).toBe(untouched);
    // The safety reload compares fingerprints and finds b.
    await store.reload();
    expect(routes('default', 'named-model')).toEqual([]);
    expect(store.knowsModel('named-model')).toBe(true);
    expect(store.snapshot().channel(ids.openai!)).toBe(untouched);
  });

  it('a safety reload that finds nothing changed keeps the snapshot, whatever traffic did to the counters', async () => {
    await store.reload();
    const before = store.snapshot();
    await database.dataSource.query(
      'UPDATE channels SET used_quota = used_quota + 5, response_time = 120, test_time = 1, balance = 3 WHERE id = $1',
      [ids.openai!],
    );
    await store.reload();
    expect(store.snapshot()).toBe(before);
  });

  it('a safety reload finds changes made without an event, among channels sharing a fingerprint bucket', async () => {
    const base = await addChannel('bucket-a', { abilities: { bucket: ['bucket-model'] } });
    await database.dataSource.query(
      `INSERT INTO channels (id, type, name, key, status) VALUES ($1, 1, 'bucket-b', 'sk-up', $2), ($3, 1, 'bucket-c', 'sk-up', $2)`,
      [base + FINGERPRINT_BUCKETS, ChannelStatus.Enabled, base + 2 * FINGERPRINT_BUCKETS],
    );
    for (const id of [base + FINGERPRINT_BUCKETS, base + 2 * FINGERPRINT_BUCKETS]) {
      await database.dataSource.query(`INSERT INTO abilities ("group", model, channel_id, enabled) VALUES ('bucket', 'bucket-model', $1, true)`, [id]);
    }
    await store.reload();
    expect(routes('bucket', 'bucket-model').sort((a, b) => a - b)).toEqual([base, base + FINGERPRINT_BUCKETS, base + 2 * FINGERPRINT_BUCKETS]);

    // An ability disabled in place: only the ability fingerprints of that bucket differ.
    await database.dataSource.query('UPDATE abilities SET enabled = false WHERE channel_id = $1', [base + FINGERPRINT_BUCKETS]);
    await store.reload();
    expect(routes('bucket', 'bucket-model').sort((a, b) => a - b)).toEqual([base, base + 2 * FINGERPRINT_BUCKETS]);
    const untouched = store.snapshot().channel(base);
    // Both fingerprints of the re-read channel are held again: the next comparison finds nothing.
    const settled = store.snapshot();
    await store.reload();
    expect(store.snapshot()).toBe(settled);

    // A channel gone from a bucket whose other channels stay.
    await database.dataSource.query('DELETE FROM abilities WHERE channel_id = $1', [base + 2 * FINGERPRINT_BUCKETS]);
    await database.dataSource.query('DELETE FROM channels WHERE id = $1', [base + 2 * FINGERPRINT_BUCKETS]);
    await store.reload();
    expect(routes('bucket', 'bucket-model')).toEqual([base]);
    expect(store.snapshot().channel(base + 2 * FINGERPRINT_BUCKETS)).toBeUndefined();
    expect(store.snapshot().channel(base)).toBe(untouched);
  });

  it('holds bucket digests equal to the ones PostgreSQL computes', async () => {
    const prints: Array<{ id: number; fp: string }> = await database.dataSource.query(
      `SELECT id, md5(name) AS fp FROM channels`,
    );
    const book = new FingerprintBook();
    for (const { id, fp } of prints) book.set(id, fp);
    const digests: Array<{ bucket: number; digest: string }> = await database.dataSource.query(
      bucketDigestsSql('SELECT id, md5(name) AS fp FROM channels'),
    );
    expect(digests.length).toBeGreaterThan(3);
    expect(book.differingBuckets(digests)).toEqual([]);
    for (const { bucket, digest } of digests) expect(book.digest(bucket)).toBe(digest);
  });

  it('a deleted channel and its abilities leave routing and the model lists', async () => {
    const id = await addChannel('doomed', { abilities: { doom: ['doomed-model'] } });
    await store.applyChange({ channelIds: [id], reason: 'created' });
    expect(store.models('doom')).toEqual(['doomed-model']);
    await database.dataSource.query('DELETE FROM abilities WHERE channel_id = $1', [id]);
    await database.dataSource.query('DELETE FROM channels WHERE id = $1', [id]);
    await store.applyChange({ channelIds: [id], reason: 'deleted' });
    expect(store.snapshot().channel(id)).toBeUndefined();
    expect(store.models('doom')).toEqual([]);
    expect(store.knowsModel('doomed-model')).toBe(false);
  });

  it('reloads periodically as a safety net for lost events', async () => {
    const periodic = new ChannelStore({ dataSource: database.dataSource, logger, fullReloadIntervalMs: 30 });
    await periodic.start();
    try {
      await addChannel('quiet', { abilities: { quiet: ['silent-model'] } });
      await eventually(() => expect(periodic.models('quiet')).toEqual(['silent-model']));
    } finally {
      await periodic.stop();
    }
    const generation = periodic.generation;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(periodic.generation).toBe(generation);
  });
});
