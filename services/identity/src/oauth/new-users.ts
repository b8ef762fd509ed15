import { DEFAULT_GROUP, UserEntity, UserRole, UserStatus } from '@modelgate/db';
import { InternalError } from '@modelgate/runtime';
import type { EntityManager } from 'typeorm';
import { newAffCode } from '../users/secrets';

/**
 * Creating users that arrive through a third-party sign-in; their sign-up gifts are credited by
 * `users/sign-up-gifts.ts`, as for password registration.
 */

/** A user to create; the username is derived from the id the row gets (`github_42`). */
export interface NewUser {
  /** The username is `${usernamePrefix}_${id}`, like the reference's `github_<max id + 1>`. */
  usernamePrefix: string;
  /** Shown name; cut to 20 characters as the reference validates. */
  displayName: string;
  email: string;
  /** bcrypt hash; '' for an account with no password (it cannot sign in by password). */
  passwordHash: string;
  inviterId: number;
  /** Extra identity columns, e.g. `{ github_id: '123' }`. */
  bindings: Partial<Record<'github_id' | 'oidc_id' | 'wechat_id' | 'telegram_id' | 'linux_do_id', string>>;
}

/** Attempts at a free username and invitation code before giving up. */
const INSERT_ATTEMPTS = 5;

/**
 * Inserts a common, enabled user in the caller's transaction. The id is drawn from the table's
 * sequence first so the username can carry it; a clash on any unique column (a username taken by
 * hand, an invitation code drawn twice) is retried with a new id and code instead of failing.
 */
export async function insertUser(manager: EntityManager, user: NewUser): Promise<UserEntity> {
  const bindings = Object.entries(user.bindings);
  const columns = ['id', 'username', 'password', 'display_name', 'role', 'status', 'email', '"group"', 'aff_code', 'inviter_id'];
  columns.push(...bindings.map(([column]) => column));
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
    const [{ id }] = (await manager.query(`SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id`)) as [{ id: string }];
    const values = [
      Number(id),
      `${user.usernamePrefix}_${id}`,
      user.passwordHash,
      [...user.displayName].slice(0, 20).join(''),
      UserRole.Common,
      UserStatus.Enabled,
      user.email,
      DEFAULT_GROUP,
      newAffCode(),
      user.inviterId,
      ...bindings.map(([, value]) => value),
    ];
    const inserted: Array<{ id: number }> = await manager.query(
      `INSERT INTO users (${columns.join(', ')}) VALUES (${placeholders}) ON CONFLICT DO NOTHING RETURNING id`,
      values,
    );
    if (inserted[0]) return manager.getRepository(UserEntity).findOneByOrFail({ id: Number(inserted[0].id) });
  }
  throw new InternalError('cannot find a free username for a new user');
}

/**
 * Whether an email a provider vouches for may be given to a new account: not when any account,
 * deleted ones included, already has it (password sign-in accepts an email as the username).
 */
export async function emailIsFree(manager: EntityManager, email: string): Promise<boolean> {
  if (email === '') return false;
  const rows: unknown[] = await manager.query(`SELECT 1 FROM users WHERE email = $1 LIMIT 1`, [email]);
  return rows.length === 0;
}
