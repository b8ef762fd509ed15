import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';

/** The reference's refusals to enable a token (spec §4). */
export const EXPIRED_CANNOT_ENABLE = '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期';
export const EXHAUSTED_CANNOT_ENABLE = '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度';
export const TOKEN_NOT_FOUND = '令牌不存在';

/** Now in unix seconds. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The whole product plus what the token tests set up around it. */
export interface TokenHarness {
  api: ApiStack;
  /** Inserts a common user (group `default` unless given); returns its id. */
  insertUser(name: string, group?: string): Promise<number>;
  /** A browser holding a fresh session of `userId`, sending `New-Api-User` like the console. */
  signedIn(userId: number): Promise<ApiClient>;
  /** The stored row of a token (deleted ones included). */
  row(tokenId: number): Promise<Record<string, any>>;
  /** Creates one token through the API and returns its JSON (fails loudly). */
  create(client: ApiClient, body: Record<string, unknown>): Promise<Record<string, any>>;
  stop(): Promise<void>;
}

/**
 * Starts the stack on a private database (real PostgreSQL when DATABASE_URL is set). Users are
 * inserted directly and signed in by opening a session, as the console's sign-in would leave it;
 * the global `/api` rate limit is off so a test may send as many requests as it needs.
 */
export async function startTokenHarness(): Promise<TokenHarness> {
  const api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
  return {
    api,
    async insertUser(name, group = 'default') {
      const rows = await api.query(
        `INSERT INTO users (username, password, display_name, role, status, "group", quota)
         VALUES ($1, 'not-a-hash', $1, 1, 1, $2, 1000000) RETURNING id`,
        [name, group],
      );
      return Number(rows[0].id);
    },
    signedIn: (userId) => api.signedInAs(userId),
    async row(tokenId) {
      return (await api.query(`SELECT * FROM tokens WHERE id = $1`, [tokenId]))[0];
    },
    async create(client, body) {
      const res = await client.post('/api/token/', body);
      if (!res.body.success) throw new Error(`token creation failed: ${res.body.message}`);
      return res.body.data[0];
    },
    stop: () => api.stop(),
  };
}
