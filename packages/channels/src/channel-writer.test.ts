import type { ChannelChanged } from '@modelgate/contracts/bus';
import { ChannelEntity } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createLogger, NotFoundError, PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { ChannelMessage } from './channel-messages';
import { ExternalChannelWriter, kubernetesRef } from './external-channel-writer';
import { splitNameList } from './input/name-list';

jest.setTimeout(60_000);

interface StoredChannel {
  id: number;
  name: string;
  key: string;
  models: string;
  group: string;
  status: number;
  priority: number;
  weight: number;
  tag: string | null;
  source: string;
  external_ref: string | null;
  model_mapping: string | null;
  base_url: string | null;
  other: string;
  used_quota: number;
  response_time: number;
}

interface AbilityRow {
  group: string;
  model: string;
  channel_id: number;
  enabled: boolean;
  priority: number;
  weight: number;
  tag: string | null;
}

const logger = createLogger({ service: 'channels-test', level: 'silent' });

describe('ChannelWriter against PostgreSQL', () => {
  let database: MigratedTestDatabase;
  let events: ChannelChanged[];
  let writer: ExternalChannelWriter;

  const sql = <T = any>(text: string, parameters: unknown[] = []): Promise<T[]> => database.dataSource.query(text, parameters);
  /** The stored row (bigints as numbers), or undefined. */
  const channel = async (id: number): Promise<StoredChannel | undefined> =>
    (await database.dataSource.getRepository(ChannelEntity).findOneBy({ id })) ?? undefined;
  const abilities = (ids: number[]) =>
    sql<AbilityRow>(
      `SELECT "group", model, channel_id, enabled, priority::int AS priority, weight, tag
         FROM abilities WHERE channel_id = ANY($1::int[]) ORDER BY channel_id, "group", model`,
      [ids],
    );

  /** The abilities every stored channel implies: one per (group, model), copies of the routing columns. */
  const expectedAbilities = async (): Promise<AbilityRow[]> => {
    const rows = await database.dataSource.getRepository(ChannelEntity).find({ order: { id: 'ASC' } });
    return rows
      .flatMap((row) =>
        splitNameList(row.group).flatMap((group) =>
          splitNameList(row.models).map((model) => ({
            group,
            model,
            channel_id: row.id,
            enabled: row.status === 1,
            priority: Number(row.priority),
            weight: row.weight,
            tag: row.tag || null,
          })),
        ),
      )
      .sort((a, b) => a.channel_id - b.channel_id || cmp(a.group, b.group) || cmp(a.model, b.model));
  };
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const allAbilities = async () =>
    (
      await sql<AbilityRow>(
        `SELECT "group", model, channel_id, enabled, priority::int AS priority, weight, tag FROM abilities`,
      )
    ).sort((a, b) => a.channel_id - b.channel_id || cmp(a.group, b.group) || cmp(a.model, b.model));
  /** The invariant every write keeps: abilities are exactly what the channels imply. */
  const expectAbilitiesMatchChannels = async () => expect(await allAbilities()).toEqual(await expectedAbilities());

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    events = [];
    writer = new ExternalChannelWriter({
      dataSource: database.dataSource,
      logger,
      bus: {
        publish: async (subject, payload) => {
          expect(subject).toBe('modelgate.evt.config.channel.changed');
          events.push(payload as ChannelChanged);
        },
      },
      now: () => 1_700_000_000,
    });
  });
  afterEach(async () => {
    await expectAbilitiesMatchChannels();
  });

  it('creates one channel per key line with abilities for every group × model, and announces them', async () => {
    const rows = await writer.create({
      name: 'multi',
      key: 'sk-a\nsk-b\nsk-c',
      models: 'gpt-4o, gpt-4o-mini',
      group: 'default,vip',
      priority: 5,
      weight: 2,
      tag: 'batch',
      base_url: 'https://up.example.com/',
    });
    expect(rows.map((row) => row.key)).toEqual(['sk-a', 'sk-b', 'sk-c']);
    expect(rows[0]).toMatchObject({ name: 'multi', base_url: 'https://up.example.com', created_time: 1_700_000_000, source: 'console', external_ref: null });
    const ids = rows.map((row) => row.id);
    expect(await abilities(ids)).toHaveLength(3 * 2 * 2);
    expect(await abilities([ids[0]!])).toContainEqual({
      group: 'vip',
      model: 'gpt-4o-mini',
      channel_id: ids[0],
      enabled: true,
      priority: 5,
      weight: 2,
      tag: 'batch',
    });
    expect(events).toEqual([{ channelIds: ids, reason: 'created' }]);
  });

  it('writes nothing when an ability cannot be written: the channel and its abilities share one transaction', async () => {
    await sql(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RAISE EXCEPTION 'ability refused'; END $$`);
    await sql(`CREATE TRIGGER refuse_boom BEFORE INSERT ON abilities FOR EACH ROW
               WHEN (NEW.model = 'boom') EXECUTE FUNCTION refuse_boom()`);
    try {
      await expect(writer.create({ name: 'atomic', key: 'sk-1\nsk-2', models: 'fine,boom' })).rejects.toThrow(/ability refused/);
      expect(await sql(`SELECT id FROM channels WHERE name = 'atomic'`)).toEqual([]);

      const [created] = await writer.create({ name: 'atomic-edit', key: 'sk-3', models: 'fine' });
      events = [];
      await expect(writer.update(created!.id, { models: 'fine,boom', name: 'renamed' })).rejects.toThrow(/ability refused/);
      expect(await channel(created!.id)).toMatchObject({ name: 'atomic-edit', models: 'fine' });
      expect(await abilities([created!.id])).toHaveLength(1);
      expect(events).toEqual([]);
    } finally {
      await sql(`DROP TRIGGER refuse_boom ON abilities`);
      await sql(`DROP FUNCTION refuse_boom()`);
    }
  });

  it('edits only the fields sent, keeps the key unless a new one is sent, and rebuilds abilities', async () => {
    const [row] = await writer.create({ name: 'edit', key: 'sk-keep', models: 'a,b', model_mapping: '{"a":"x"}' });
    const id = row!.id;
    events = [];
    const updated = await writer.update(id, { name: '', key: '', models: 'b, c', group: 'vip', model_mapping: '', weight: -3 });
    expect(updated).toMatchObject({ name: 'edit', key: 'sk-keep', models: 'b,c', group: 'vip', weight: 0, model_mapping: '{"a":"x"}' });
    expect(await channel(id)).toMatchObject({ name: 'edit', key: 'sk-keep', models: 'b,c', group: 'vip' });
    expect((await abilities([id])).map((a) => `${a.group}/${a.model}`)).toEqual(['vip/b', 'vip/c']);
    expect(events).toEqual([{ channelIds: [id], reason: 'updated' }]);

    await writer.update(id, { key: 'sk-new' });
    expect((await channel(id))!.key).toBe('sk-new');

    // Writing what is stored is no change: nothing announced.
    events = [];
    await writer.update(id, { name: 'edit', models: 'c, b' });
    expect(events).toEqual([{ channelIds: [id], reason: 'updated' }]);
    events = [];
    await writer.update(id, { name: 'edit', models: 'c,b' });
    expect(events).toEqual([]);
  });

  it('lets only a root retarget a channel (base URL or type) and keep its key; anyone else must send a new key', async () => {
    const [row] = await writer.create({ name: 'retarget', key: 'sk-root-only', models: 'm', base_url: 'https://api.openai.com' });
    const id = row!.id;
    events = [];
    for (const retarget of [{ base_url: 'https://attacker.example' }, { type: 14 }, { base_url: 'https://attacker.example', name: 'x' }]) {
      const refused = writer.update(id, retarget);
      await expect(refused).rejects.toBeInstanceOf(ValidationError);
      await expect(refused).rejects.toMatchObject({ code: 'key_required_on_retarget', message: ChannelMessage.keyRequiredOnRetarget });
      await expect(writer.update(id, retarget, { root: false })).rejects.toMatchObject({ code: 'key_required_on_retarget' });
    }
    expect(await channel(id)).toMatchObject({ key: 'sk-root-only', base_url: 'https://api.openai.com', name: 'retarget' });
    expect(events).toEqual([]);
    // Unchanged target fields (the console sends the whole channel) and other edits need no key.
    await writer.update(id, { base_url: 'https://api.openai.com/', type: 1, name: 'renamed' });
    // With a new key the admin's edit goes through: the stored key is replaced, never sent elsewhere.
    await writer.update(id, { base_url: 'https://other.example', key: 'sk-admins-own' });
    expect(await channel(id)).toMatchObject({ key: 'sk-admins-own', base_url: 'https://other.example', name: 'renamed' });
    // A root may retarget and keep the key.
    await writer.update(id, { base_url: 'https://api.openai.com' }, { root: true });
    expect(await channel(id)).toMatchObject({ key: 'sk-admins-own', base_url: 'https://api.openai.com' });
  });

  it('disables and enables a channel, with its abilities following', async () => {
    const [row] = await writer.create({ name: 'toggle', key: 'k', models: 'm' });
    await writer.setStatus(row!.id, 2);
    expect((await abilities([row!.id]))[0]!.enabled).toBe(false);
    await writer.setStatus(row!.id, 1);
    expect((await abilities([row!.id]))[0]!.enabled).toBe(true);
  });

  it('refuses unknown ids and bad input with typed errors', async () => {
    await expect(writer.update(999_999, { name: 'x' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(writer.delete(999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(writer.update(0, { name: 'x' })).rejects.toThrow('无效的渠道 ID');
    await expect(writer.deleteMany([])).rejects.toThrow('请先选择要删除的通道！');
    await expect(writer.deleteMany(['1'])).rejects.toThrow('无效的渠道 ID');
    await expect(writer.tagMany([], 't')).rejects.toThrow('请先选择要设置标签的渠道！');
    await expect(writer.tagMany([1], ' ')).rejects.toThrow('标签不能为空！');
    await expect(writer.editTag('no-such-tag', { priority: 1 })).rejects.toThrow('没有使用该标签的渠道');
    await expect(writer.create({ name: 'x' })).rejects.toBeInstanceOf(ValidationError);
    expect(events).toEqual([]);
  });

  it('deletes one channel or a batch, abilities included', async () => {
    const rows = await writer.create({ name: 'del', key: 'k1\nk2\nk3', models: 'm' });
    const [first, second, third] = rows.map((row) => row.id) as [number, number, number];
    await writer.delete(first);
    expect(await channel(first)).toBeUndefined();
    events = [];
    expect(await writer.deleteMany([second, third, 999_999])).toBe(2);
    expect(await abilities([first, second, third])).toEqual([]);
    expect(events).toEqual([{ channelIds: [second, third], reason: 'deleted' }]);
  });

  it('tags a batch, then edits, renames, disables and dissolves the tag', async () => {
    const rows = await writer.create({ name: 'tagged', key: 'k1\nk2', models: 'm1', priority: 1 });
    const ids = rows.map((row) => row.id);
    expect(await writer.tagMany(ids, ' team ')).toBe(2);
    expect((await abilities(ids)).every((a) => a.tag === 'team')).toBe(true);

    expect(await writer.editTag('team', { models: 'm2,m3', groups: 'vip', priority: 9, weight: 4, model_mapping: '{"m2":"u2"}' })).toBe(2);
    for (const id of ids) {
      expect(await channel(id)).toMatchObject({ models: 'm2,m3', group: 'vip', priority: 9, weight: 4, model_mapping: '{"m2":"u2"}' });
    }
    await expect(writer.editTag('team', { new_tag: 'team' })).rejects.toThrow('没有任何修改！');

    expect(await writer.setTagStatus('team', false)).toBe(2);
    expect((await abilities(ids)).every((a) => !a.enabled)).toBe(true);
    expect(await writer.setTagStatus('team', true)).toBe(2);

    await writer.editTag('team', { new_tag: 'squad' });
    expect((await channel(ids[0]!))!.tag).toBe('squad');
    events = [];
    await writer.editTag('squad', { new_tag: '' });
    expect((await channel(ids[0]!))!.tag).toBeNull();
    expect(events).toEqual([{ channelIds: ids, reason: 'tag-edited' }]);
  });

  it('rebuilds every ability from the channels, removing orphans and restoring missing rows', async () => {
    const [row] = await writer.create({ name: 'fix', key: 'k', models: 'm1,m2' });
    await sql(`DELETE FROM abilities WHERE channel_id = $1 AND model = 'm1'`, [row!.id]);
    await sql(`INSERT INTO abilities ("group", model, channel_id) VALUES ('default', 'ghost', 987654)`);
    await sql(`UPDATE channels SET priority = 42 WHERE id = $1`, [row!.id]);
    events = [];
    const result = await writer.fixAbilities();
    expect(result.channels).toBe(Number((await sql(`SELECT count(*) AS n FROM channels`))[0].n));
    expect(result.abilities).toBe((await expectedAbilities()).length);
    expect(await abilities([987654])).toEqual([]);
    expect((await abilities([row!.id])).map((a) => [a.model, a.priority])).toEqual([['m1', 42], ['m2', 42]]);
    expect(events).toHaveLength(1);
    expect(events[0]!.reason).toBe('abilities-rebuilt');
  });

  it('deletes the disabled and auto-disabled channels, and only those', async () => {
    const rows = await writer.create({ name: 'dis', key: 'k1\nk2\nk3', models: 'm' });
    const [on, off, auto] = rows.map((row) => row.id) as [number, number, number];
    await writer.setStatus(off, 2);
    await sql(`UPDATE channels SET status = 3 WHERE id = $1`, [auto]);
    const deleted = await writer.deleteDisabled();
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await channel(on)).toBeDefined();
    expect(await channel(off)).toBeUndefined();
    expect(await channel(auto)).toBeUndefined();
    expect(await sql(`SELECT id FROM channels WHERE status IN (2, 3) AND external_ref IS NULL`)).toEqual([]);
  });

  describe('externally managed channels', () => {
    const ref = kubernetesRef('prod', 'openai-main');

    it('are created and updated by reference, idempotently, keeping runtime columns', async () => {
      const first = await writer.upsertExternal(ref, { name: 'k8s', key: 'sk-k8s', models: 'gpt-4o', tag: 'fleet' });
      expect(first).toMatchObject({ created: true, changed: true, channel: { source: 'kubernetes', external_ref: ref } });
      const id = first.channel.id;
      await sql(`UPDATE channels SET used_quota = 77, response_time = 120 WHERE id = $1`, [id]);

      const again = await writer.upsertExternal(ref, { name: 'k8s', key: 'sk-k8s', models: 'gpt-4o', tag: 'fleet' });
      expect(again).toMatchObject({ created: false, changed: false });

      // Declarative: what the resource leaves out takes the default (the tag goes).
      events = [];
      const changed = await writer.upsertExternal(ref, { name: 'k8s', key: 'sk-k8s', models: 'gpt-4o,o1' });
      expect(changed).toMatchObject({ created: false, changed: true });
      expect(await channel(id)).toMatchObject({ models: 'gpt-4o,o1', tag: null, used_quota: 77, response_time: 120 });
      expect(events).toEqual([{ channelIds: [id], reason: 'external-synced' }]);
      expect(await writer.listExternal()).toContainEqual({ id, external_ref: ref });
    });

    it('refuse every console change but enabling and disabling, naming the resource', async () => {
      const { channel: managed } = await writer.upsertExternal(ref, { name: 'k8s', key: 'sk-k8s', models: 'gpt-4o,o1' });
      const refused = `渠道 #${managed.id} 由 Kubernetes 资源 prod/openai-main 管理，控制台只能启用或禁用它；其他修改请在该资源中进行`;
      const attempts: Array<() => Promise<unknown>> = [
        () => writer.update(managed.id, { name: 'hijack' }),
        () => writer.update(managed.id, { key: 'sk-stolen', status: 2 }),
        () => writer.delete(managed.id),
        () => writer.deleteMany([managed.id]),
        () => writer.tagMany([managed.id], 'mine'),
      ];
      for (const attempt of attempts) {
        const error = await attempt().then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(PreconditionFailedError);
        expect((error as Error).message).toBe(refused);
      }
      expect(await channel(managed.id)).toMatchObject({ name: 'k8s', key: 'sk-k8s', status: 1, tag: null });

      // The console sending the whole row back unchanged, with a new status, is an enable/disable.
      const stored = (await channel(managed.id))!;
      await writer.update(managed.id, { ...stored, key: '', status: 2 });
      expect((await channel(managed.id))!.status).toBe(2);
      await writer.setStatus(managed.id, 1);
      expect((await abilities([managed.id])).every((a) => a.enabled)).toBe(true);

      // Delete-disabled leaves it to its resource.
      await writer.setStatus(managed.id, 2);
      await writer.deleteDisabled();
      expect(await channel(managed.id)).toBeDefined();
      // A resource asking for enabled brings a disabled channel back.
      await writer.upsertExternal(ref, { name: 'k8s', key: 'sk-k8s', models: 'gpt-4o,o1' }, { enabled: true });
      expect((await channel(managed.id))!.status).toBe(1);
    });

    it('refuse a tag edit touching them, but not a tag enable/disable', async () => {
      const other = kubernetesRef('prod', 'tagged');
      const { channel: managed } = await writer.upsertExternal(other, { name: 'k', key: 'k', models: 'm', tag: 'mixed' });
      await expect(writer.editTag('mixed', { priority: 3 })).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(await writer.setTagStatus('mixed', false)).toBe(1);
      expect((await channel(managed.id))!.status).toBe(2);
      expect(await writer.deleteExternal(other)).toBe(true);
      expect(await channel(managed.id)).toBeUndefined();
      expect(await writer.deleteExternal(other)).toBe(false);
    });

    it('refuse a malformed reference', async () => {
      await expect(writer.upsertExternal('prod/x', { name: 'k', key: 'k', models: 'm' })).rejects.toThrow('外部引用必须形如 k8s:<namespace>/<name>');
      expect(() => kubernetesRef('Bad_NS', 'x')).toThrow(ValidationError);
    });

    it('is kept in the database: a console channel cannot carry a reference, a Kubernetes one must', async () => {
      await expect(sql(`INSERT INTO channels (key, external_ref) VALUES ('k', 'k8s:a/b')`)).rejects.toThrow(/ck_channels_external_ref/);
      await expect(sql(`INSERT INTO channels (key, source) VALUES ('k', 'kubernetes')`)).rejects.toThrow(/ck_channels_external_ref/);
    });
  });

  it('serialises concurrent edits of one channel: every write lands and abilities match the last', async () => {
    const [row] = await writer.create({ name: 'race', key: 'k', models: 'm0' });
    await Promise.all(Array.from({ length: 10 }, (_, i) => writer.update(row!.id, { models: `m${i}`, priority: i })));
    const stored = (await channel(row!.id))!;
    expect((await abilities([row!.id])).map((a) => [a.model, a.priority])).toEqual([[stored.models, Number(stored.priority)]]);
  });
});
