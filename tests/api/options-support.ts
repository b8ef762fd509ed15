// Shared by the options-, public-info- and rate-limit- tests: browsers signed in as a user, an
// admin and root, holding sessions created directly (as a sign-in leaves them), so these tests
// depend on nothing but the session table and the guards.
import type { ApiClient } from '../support/api-client';
import type { ApiStack } from '../support/api-stack';

/** The three access levels of the reference (1 user, 10 admin, 100 root). */
export type Role = 'user' | 'admin' | 'root';

const ROLE_NUMBER: Record<Role, number> = { user: 1, admin: 10, root: 100 };

/** Opens signed-in browsers on one stack. */
export interface SignedIn {
  as(role: Role): Promise<ApiClient>;
}

/**
 * Creates one user per role (root is the seeded `root`) and hands out clients carrying a fresh
 * session of that user and its `New-Api-User` header, like the console after signing in.
 */
export async function signedIn(api: ApiStack): Promise<SignedIn> {
  const ids = new Map<Role, number>();
  ids.set('root', Number((await api.query(`SELECT id FROM users WHERE username = 'root'`))[0].id));
  for (const role of ['user', 'admin'] as const) {
    const [row] = await api.query(
      `INSERT INTO users (username, password, display_name, role, status, "group", aff_code)
       VALUES ($1, 'x', $1, $2, 1, 'default', $3) RETURNING id`,
      [`opt_${role}`, ROLE_NUMBER[role], `opt${role.slice(0, 1)}`],
    );
    ids.set(role, Number(row.id));
  }
  return {
    as: (role) => api.signedInAs(ids.get(role)!),
  };
}

/** Polls `read` until it returns `expected` or `withinMs` passes; resolves with the time taken. */
export async function eventually<T>(read: () => Promise<T>, expected: T, withinMs = 1_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await read()) === expected) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not ${String(expected)} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
