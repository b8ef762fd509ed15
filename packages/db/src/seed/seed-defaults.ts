import { randomInt } from 'node:crypto';
import type { Logger } from '@modelgate/runtime';
import { hash } from 'bcryptjs';
import type { DataSource, EntityManager } from 'typeorm';
import { ADVISORY_LOCK_NAMESPACE, AdvisoryLock } from '../advisory-locks';
import { DEFAULT_GROUP, UserRole, UserStatus } from '../constants';
import { UserEntity } from '../entities/identity/user.entity';
import { DEFAULT_OPTIONS } from './default-options';

/** The first account, created on a database without any user. */
export const ROOT_USER = {
  username: 'root',
  /** Well known on purpose (as in the reference); the console warns until it is changed. */
  password: '123456',
  displayName: 'Root User',
  /** 100 000 000 quota units = $200. */
  quota: 100_000_000,
} as const;

/** bcrypt cost used for the root password (the reference's default cost). */
const BCRYPT_COST = 10;

const AFF_CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const AFF_CODE_LENGTH = 4;

export interface SeedResult {
  /** Default options written by this call (missing keys only). */
  optionsInserted: number;
  /** Whether this call created the root user. */
  rootCreated: boolean;
}

/**
 * Writes what a fresh installation needs: every default option that has no row yet (an admin's
 * value is never overwritten) and, when the users table is completely empty, the root user.
 *
 * Safe to run on every start of every replica: everything happens in one transaction holding a
 * transaction-scoped advisory lock, so replicas starting together seed exactly once and the
 * later ones find nothing to do. All queries go through the transaction's own connection.
 */
export async function seedDefaults(dataSource: DataSource, logger: Logger): Promise<SeedResult> {
  const result = await dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [
      ADVISORY_LOCK_NAMESPACE,
      AdvisoryLock.Seed,
    ]);
    const optionsInserted = await insertMissingOptions(manager);
    const rootCreated = await createRootIfNoUser(manager);
    return { optionsInserted, rootCreated };
  });

  if (result.optionsInserted > 0) {
    logger.info({ count: result.optionsInserted }, 'stored default options');
  }
  if (result.rootCreated) {
    logger.warn(
      { username: ROOT_USER.username },
      'created the root user with the default password; sign in and change it at once',
    );
  }
  return result;
}

async function insertMissingOptions(manager: EntityManager): Promise<number> {
  const entries = Object.entries(DEFAULT_OPTIONS);
  const keys = entries.map(([key]) => key);
  const values = entries.map(([, value]) => value);
  const inserted = (await manager.query(
    `INSERT INTO "options" ("key", "value")
     SELECT * FROM unnest($1::varchar[], $2::text[])
     ON CONFLICT ("key") DO NOTHING
     RETURNING "key"`,
    [keys, values],
  )) as unknown[];
  return inserted.length;
}

async function createRootIfNoUser(manager: EntityManager): Promise<boolean> {
  // Counts soft-deleted users too: a database that ever had a user is not a fresh installation.
  const [{ exists }] = (await manager.query(
    'SELECT EXISTS (SELECT 1 FROM "users") AS "exists"',
  )) as [{ exists: boolean }];
  if (exists) return false;

  await manager.insert(UserEntity, {
    username: ROOT_USER.username,
    password: await hash(ROOT_USER.password, BCRYPT_COST),
    display_name: ROOT_USER.displayName,
    role: UserRole.Root,
    status: UserStatus.Enabled,
    quota: ROOT_USER.quota,
    group: DEFAULT_GROUP,
    // The table is empty, so any code is unique.
    aff_code: randomAffCode(),
  });
  return true;
}

/** A random invitation code of 4 letters and digits, as the reference generates. */
export function randomAffCode(): string {
  let code = '';
  for (let i = 0; i < AFF_CODE_LENGTH; i++) {
    code += AFF_CODE_ALPHABET[randomInt(AFF_CODE_ALPHABET.length)];
  }
  return code;
}
