import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';

/** A user row to insert directly (test setup), with the product's defaults for what is left out. */
export interface UserSeed {
  username: string;
  role?: number;
  status?: number;
  group?: string;
  quota?: number;
  email?: string;
  displayName?: string;
  deleted?: boolean;
}

/** The whole product plus what the user-management tests set up around it. */
export interface UserAdminHarness {
  api: ApiStack;
  /** The seeded super admin's id. */
  rootId: number;
  /** A browser holding a fresh session of `userId`, sending `New-Api-User` like the console. */
  signedIn(userId: number): Promise<ApiClient>;
  /** Inserts a user; returns its id. */
  insertUser(seed: UserSeed): Promise<number>;
  /** The stored row of a user (deleted ones included). */
  row(userId: number): Promise<Record<string, any>>;
  /** Number of live sessions of a user. */
  sessionCount(userId: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the stack on a private database (real PostgreSQL when DATABASE_URL is set). Users are
 * signed in by opening a session directly, as the console's sign-in would leave it; the global
 * `/api` rate limit is off so a test may send as many requests as it needs.
 */
export async function startUserAdminHarness(): Promise<UserAdminHarness> {
  const api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
  const rootId = Number((await api.query(`SELECT id FROM users WHERE username = 'root'`))[0].id);
  return {
    api,
    rootId,
    signedIn: (userId) => api.signedInAs(userId),
    async insertUser(seed) {
      const rows = await api.query(
        `INSERT INTO users (username, password, display_name, role, status, "group", quota, email, deleted_at)
         VALUES ($1, 'not-a-hash', $2, $3, $4, $5, $6, $7, CASE WHEN $8 THEN now() END) RETURNING id`,
        [
          seed.username,
          seed.displayName ?? seed.username,
          seed.role ?? 1,
          seed.status ?? 1,
          seed.group ?? 'default',
          seed.quota ?? 0,
          seed.email ?? '',
          seed.deleted ?? false,
        ],
      );
      return Number(rows[0].id);
    },
    async row(userId) {
      return (await api.query(`SELECT * FROM users WHERE id = $1`, [userId]))[0];
    },
    async sessionCount(userId) {
      return Number((await api.query(`SELECT count(*) AS n FROM sessions WHERE user_id = $1`, [userId]))[0].n);
    },
    stop: () => api.stop(),
  };
}
