import type { DataSource } from 'typeorm';
import { ChannelSource, TOKEN_NEVER_EXPIRES, UserRole, UserStatus } from '../constants';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { bigintToNumber } from './columns';
import {
  AbilityEntity,
  ChannelEntity,
  LogEntity,
  SessionEntity,
  TaskEntity,
  TokenEntity,
  UserEntity,
} from '.';

let database: MigratedTestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = database.dataSource;
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe('bigintToNumber', () => {
  it('reads int8 text as a number and refuses values past 2^53', () => {
    expect(bigintToNumber.from('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(bigintToNumber.from('-1')).toBe(-1);
    expect(bigintToNumber.from(null)).toBeNull();
    expect(() => bigintToNumber.from('9007199254740993')).toThrow(RangeError);
  });
});

describe('entities', () => {
  /** A user with billing's balance columns, which a plain load leaves out (`select: false`). */
  const userWithBalances = (id: number) =>
    dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect(['u.quota', 'u.used_quota', 'u.request_count', 'u.aff_quota', 'u.aff_history_quota'])
      .where('u.id = :id', { id })
      .getOneOrFail();

  it('round-trip quota beyond 32 bits as JS numbers', async () => {
    const users = dataSource.getRepository(UserEntity);
    const large = 2 ** 52 + 7;
    const saved = await users.save(
      users.create({ username: 'rich', password: 'x', quota: large, used_quota: 2 ** 40 }),
    );
    expect((await users.findOneByOrFail({ id: saved.id })).quota).toBeUndefined();
    const found = await userWithBalances(saved.id);
    expect(found.quota).toBe(large);
    expect(found.used_quota).toBe(2 ** 40);
    expect(typeof found.request_count).toBe('number');

    // Atomic SQL increments, as billing does them, keep the type too.
    await users.increment({ id: saved.id }, 'quota', -7);
    expect((await userWithBalances(saved.id)).quota).toBe(2 ** 52);
  });

  it('apply the reference defaults', async () => {
    const users = dataSource.getRepository(UserEntity);
    const user = await userWithBalances((await users.insert({ username: 'plain', password: 'x' })).identifiers[0]!.id as number);
    expect(user).toMatchObject({
      role: UserRole.Common,
      status: UserStatus.Enabled,
      group: 'default',
      quota: 0,
      aff_code: null,
      access_token: null,
      deleted_at: null,
    });

    const tokens = dataSource.getRepository(TokenEntity);
    const token = await tokens.save(tokens.create({ user_id: user.id, key: 'k'.repeat(48) }));
    expect(await tokens.findOneByOrFail({ id: token.id })).toMatchObject({
      status: 1,
      expired_time: TOKEN_NEVER_EXPIRES,
      unlimited_quota: false,
      group: '',
    });

    const channels = dataSource.getRepository(ChannelEntity);
    const channel = await channels.save(channels.create({ key: 'sk-upstream', name: 'c1' }));
    expect(await channels.findOneByOrFail({ id: channel.id })).toMatchObject({
      status: 1,
      auto_ban: 1,
      weight: 0,
      priority: 0,
      group: 'default',
      source: ChannelSource.Console,
      external_ref: null,
    });
  });

  it('quote the reserved column name group in generated SQL', async () => {
    const abilities = dataSource.getRepository(AbilityEntity);
    await abilities.insert([
      { group: 'default', model: 'gpt-4o', channel_id: 1, priority: 10 },
      { group: 'vip', model: 'gpt-4o', channel_id: 1 },
    ]);
    const rows = await abilities
      .createQueryBuilder('a')
      .where('a.group = :group AND a.model = :model', { group: 'default', model: 'gpt-4o' })
      .getMany();
    expect(rows).toEqual([
      { group: 'default', model: 'gpt-4o', channel_id: 1, enabled: true, priority: 10, weight: 0, tag: null },
    ]);
  });

  it('refuse a channel source other than console or kubernetes', async () => {
    const channels = dataSource.getRepository(ChannelEntity);
    await expect(
      channels.insert({ key: 'k', source: 'helm' as ChannelSource }),
    ).rejects.toThrow(/ck_channels_source/);
  });

  it('soft-delete users and tokens', async () => {
    const users = dataSource.getRepository(UserEntity);
    const { id } = await users.save(users.create({ username: 'gone', password: 'x' }));
    await users.softDelete({ id });
    expect(await users.findOneBy({ id })).toBeNull();
    expect((await users.findOneOrFail({ where: { id }, withDeleted: true })).deleted_at).toBeInstanceOf(Date);
  });

  it('store log ids as bigint and hand them back as numbers', async () => {
    const logs = dataSource.getRepository(LogEntity);
    await dataSource.query(`SELECT setval(pg_get_serial_sequence('logs', 'id'), $1)`, [2 ** 40]);
    const saved = await logs.save(logs.create({ user_id: 1, created_at: 1_700_000_000, quota: 5 }));
    expect(saved.id).toBe(2 ** 40 + 1);
    const found = await logs.findOneByOrFail({ id: saved.id });
    expect(found).toMatchObject({ id: 2 ** 40 + 1, created_at: 1_700_000_000, quota: 5, type: 0 });
  });

  it('keep JSON columns as objects', async () => {
    const sessions = dataSource.getRepository(SessionEntity);
    const expires = new Date(Date.now() + 3_600_000);
    await sessions.insert({ id: 'a'.repeat(43), user_id: 1, expires_at: expires });
    const session = await sessions.findOneByOrFail({ id: 'a'.repeat(43) });
    expect(session.data).toEqual({});
    expect(session.expires_at.getTime()).toBe(expires.getTime());

    const tasks = dataSource.getRepository(TaskEntity);
    const task = await tasks.save(tasks.create({ task_id: 't1', properties: { input: 'a song' } }));
    expect((await tasks.findOneByOrFail({ id: task.id })).properties).toEqual({ input: 'a song' });
  });
});
