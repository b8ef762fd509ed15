import { randomBytes } from 'node:crypto';
import { ConsoleAuthMessage, sessionIdOf } from '@modelgate/access';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { AuthenticationError, PermissionDeniedError } from '@modelgate/runtime';
import { createIdentityHandlers } from '../grpc/identity-handlers';
import type { IdentityContext } from '../identity-context';

jest.setTimeout(60_000);

/** The `AuthenticateSession` handler on a real database, with sessions written as edge writes them. */
describe('AuthenticateSession', () => {
  let database: MigratedTestDatabase;
  let handlers: ReturnType<typeof createIdentityHandlers>;
  const call = (session_token: string, user_id: string) =>
    handlers.AuthenticateSession({ session_token, user_id }, {} as never);

  const newUser = async (username: string, fields: { status?: number; group?: string; quota?: number } = {}) => {
    const rows: Array<{ id: number }> = await database.dataSource.query(
      `INSERT INTO users (username, password, role, status, "group", quota) VALUES ($1, 'x', 1, $2, $3, $4) RETURNING id`,
      [username, fields.status ?? 1, fields.group ?? 'default', fields.quota ?? 0],
    );
    return Number(rows[0]!.id);
  };
  const newSession = async (userId: number, expiresInMs = 60_000) => {
    const token = randomBytes(32).toString('base64url');
    await database.dataSource.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, $3)`, [
      sessionIdOf(token),
      userId,
      new Date(Date.now() + expiresInMs),
    ]);
    return token;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    handlers = createIdentityHandlers({ dataSource: database.dataSource } as unknown as IdentityContext);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('returns the session user with group, role and status (no balance: that is billing\'s), and leaves the session as it was', async () => {
    const id = await newUser('pg-alice', { group: 'vip', quota: 12_345 });
    const token = await newSession(id);
    const [before] = await database.dataSource.query(`SELECT expires_at, last_seen_at FROM sessions WHERE user_id = $1`, [id]);
    const { user } = await call(token, String(id));
    expect(user).toEqual({ id, username: 'pg-alice', group: 'vip', role: 1, status: 1 });
    const [after] = await database.dataSource.query(`SELECT expires_at, last_seen_at FROM sessions WHERE user_id = $1`, [id]);
    expect(after).toEqual(before);
  });

  it('refuses an unknown, malformed or expired session as not signed in', async () => {
    const id = await newUser('pg-bob');
    const expired = await newSession(id, -1_000);
    for (const token of [randomBytes(32).toString('base64url'), 'short', '', expired]) {
      const refused = call(token, String(id));
      await expect(refused).rejects.toBeInstanceOf(AuthenticationError);
      await expect(refused).rejects.toMatchObject({ code: 'not_signed_in', message: ConsoleAuthMessage.notSignedIn });
    }
  });

  it('refuses the session of a deleted user', async () => {
    const id = await newUser('pg-carol');
    const token = await newSession(id);
    await database.dataSource.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [id]);
    await expect(call(token, String(id))).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('refuses a claim of another user or no claim at all with 401', async () => {
    const id = await newUser('pg-dave');
    const other = await newUser('pg-erin');
    const token = await newSession(id);
    await expect(call(token, String(other))).rejects.toMatchObject({
      code: 'user_mismatch',
      httpStatus: 401,
      message: ConsoleAuthMessage.mismatchedUserHeader,
    });
    await expect(call(token, '0')).rejects.toMatchObject({ httpStatus: 401, message: ConsoleAuthMessage.missingUserHeader });
  });

  it('refuses a disabled user with 403 user_banned, after the session and the claim check out', async () => {
    const id = await newUser('pg-frank', { status: 2 });
    const token = await newSession(id);
    const refused = call(token, String(id));
    await expect(refused).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(refused).rejects.toMatchObject({ code: 'user_banned', message: ConsoleAuthMessage.banned });
    await expect(call(token, String(id + 1000))).rejects.toMatchObject({ code: 'user_mismatch' });
  });
});
