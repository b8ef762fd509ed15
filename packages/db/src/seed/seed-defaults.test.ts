import { createLogger } from '@modelgate/runtime';
import { compare } from 'bcryptjs';
import type { DataSource } from 'typeorm';
import { UserRole, UserStatus } from '../constants';
import { createDataSource } from '../data-source';
import { OptionEntity, UserEntity } from '../entities';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { DEFAULT_OPTIONS } from './default-options';
import { randomAffCode, ROOT_USER, seedDefaults } from './seed-defaults';

const logger = createLogger({ service: 'db-test', level: 'silent' });
const optionCount = Object.keys(DEFAULT_OPTIONS).length;

let database: MigratedTestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = database.dataSource;
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe('seedDefaults', () => {
  it('seeds exactly once when two replicas start together', async () => {
    const other = await createDataSource({ url: database.url, poolSize: 2, logger }).initialize();
    try {
      const results = await Promise.all([
        seedDefaults(dataSource, logger),
        seedDefaults(other, logger),
      ]);
      expect(results.map((r) => r.rootCreated).sort()).toEqual([false, true]);
      expect(results.map((r) => r.optionsInserted).sort((a, b) => a - b)).toEqual([0, optionCount]);
    } finally {
      await other.destroy();
    }

    expect(await dataSource.getRepository(UserEntity).count({ withDeleted: true })).toBe(1);
    const options = await dataSource.getRepository(OptionEntity).find();
    expect(options).toHaveLength(optionCount);
    expect(Object.fromEntries(options.map((o) => [o.key, o.value]))).toEqual(DEFAULT_OPTIONS);
  });

  it('creates one root user when replicas race on a database that has options but no user', async () => {
    await dataSource.query('DELETE FROM "users"');
    const others = await Promise.all(
      [1, 2, 3].map(() => createDataSource({ url: database.url, poolSize: 1, logger }).initialize()),
    );
    try {
      const results = await Promise.all(
        [dataSource, ...others].map((source) => seedDefaults(source, logger)),
      );
      expect(results.filter((r) => r.rootCreated)).toHaveLength(1);
      expect(results.every((r) => r.optionsInserted === 0)).toBe(true);
    } finally {
      await Promise.all(others.map((source) => source.destroy()));
    }
    expect(await dataSource.getRepository(UserEntity).count({ withDeleted: true })).toBe(1);
  });

  it('creates the root user as specified', async () => {
    // The balance is billing's column, left out of a plain load (`select: false`).
    const root = await dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.quota')
      .where('u.username = :name', { name: 'root' })
      .getOneOrFail();
    expect(root).toMatchObject({
      display_name: 'Root User',
      role: UserRole.Root,
      status: UserStatus.Enabled,
      quota: 100_000_000,
      group: 'default',
    });
    expect(root.aff_code).toMatch(/^[a-zA-Z0-9]{4}$/);
    expect(await compare(ROOT_USER.password, root.password)).toBe(true);
    expect(await compare('wrong-password', root.password)).toBe(false);
  });

  it('inserts nothing the second time', async () => {
    expect(await seedDefaults(dataSource, logger)).toEqual({ optionsInserted: 0, rootCreated: false });
  });

  it('never overwrites an admin’s value and restores only missing keys', async () => {
    const options = dataSource.getRepository(OptionEntity);
    await options.update({ key: 'SystemName' }, { value: 'Acme AI' });
    await options.delete({ key: 'QuotaPerUnit' });

    expect(await seedDefaults(dataSource, logger)).toEqual({ optionsInserted: 1, rootCreated: false });
    expect((await options.findOneByOrFail({ key: 'SystemName' })).value).toBe('Acme AI');
    expect((await options.findOneByOrFail({ key: 'QuotaPerUnit' })).value).toBe('500000');
  });

  it('creates no root user once any user ever existed, even a deleted one', async () => {
    const users = dataSource.getRepository(UserEntity);
    await users.softDelete({ username: 'root' });
    expect((await seedDefaults(dataSource, logger)).rootCreated).toBe(false);
    expect(await users.count({ withDeleted: true })).toBe(1);
  });
});

describe('randomAffCode', () => {
  it('draws 4 letters and digits', () => {
    const codes = new Set(Array.from({ length: 200 }, () => randomAffCode()));
    for (const code of codes) expect(code).toMatch(/^[a-zA-Z0-9]{4}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});
