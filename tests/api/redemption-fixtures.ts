import type { ApiClient } from '../support/api-client';
import { startUserAdminHarness, type UserAdminHarness } from './user-admin-fixtures';

/** The stack plus what the redemption and wallet tests set up around it. */
export interface WalletHarness extends UserAdminHarness {
  /** An admin (role 10) and a browser signed in as them. */
  adminId: number;
  admin: ApiClient;
  /** Creates codes through the API as the admin; returns their keys. */
  createCodes(body: { name?: string; quota: number; count?: number }): Promise<string[]>;
  /** The stored row of a code by key. */
  code(key: string): Promise<Record<string, any>>;
  /** A user's balance. */
  balance(userId: number): Promise<number>;
  /** A user's top-up log rows, oldest first. */
  topUpLogs(userId: number): Promise<Array<{ content: string; quota: number; other: unknown }>>;
}

/** Starts the stack (global `/api` limit off) with an admin to manage codes. */
export async function startWalletHarness(): Promise<WalletHarness> {
  const harness = await startUserAdminHarness();
  const adminId = await harness.insertUser({ username: 'code-admin', role: 10 });
  const admin = await harness.signedIn(adminId);
  return {
    ...harness,
    adminId,
    admin,
    async createCodes(body) {
      const res = await admin.post('/api/redemption/', { count: 1, ...body });
      if (!res.body.success) throw new Error(`cannot create codes: ${res.body.message}`);
      return res.body.data as string[];
    },
    async code(key) {
      return (await harness.api.query(`SELECT * FROM redemptions WHERE key = $1`, [key]))[0];
    },
    async balance(userId) {
      return Number((await harness.api.query(`SELECT quota FROM users WHERE id = $1`, [userId]))[0].quota);
    },
    async topUpLogs(userId) {
      const rows = await harness.api.query(
        `SELECT content, quota, other FROM logs WHERE user_id = $1 AND type = 1 ORDER BY id`,
        [userId],
      );
      // `other` parsed: the structured fields the console words the row from.
      return rows.map((row) => ({ content: String(row.content), quota: Number(row.quota), other: JSON.parse(String(row.other)) }));
    },
  };
}
