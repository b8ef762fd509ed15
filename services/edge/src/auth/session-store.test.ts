import { sessionIdOf } from '@modelgate/access';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { type EndedSessions, SessionStore } from './session-store';

jest.setTimeout(60_000);

/** Ended sessions are announced (the relay's playground forgets them at once): which, and only those. */
describe('SessionStore: announcing ended sessions', () => {
  let database: MigratedTestDatabase;
  let sessions: SessionStore;
  let userId: number;
  const ended: EndedSessions[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sessions = new SessionStore(database.dataSource, async (announcement) => {
      ended.push(announcement);
    });
    const [row] = await database.dataSource.query(
      `INSERT INTO users (username, display_name, password, role, status) VALUES ('sessions', 'sessions', 'x', 1, 1) RETURNING id`,
    );
    userId = Number(row.id);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    ended.length = 0;
  });

  it('announces a sign-out by the session id (the hash, never the cookie), once', async () => {
    const token = await sessions.create(userId);
    await sessions.delete(token);
    await sessions.delete(token);
    expect(ended).toEqual([{ userId, sessionIds: [sessionIdOf(token)] }]);
    expect(await sessions.resolve(token)).toBeUndefined();
  });

  it('announces every session of a user that ends, but the one kept, and nothing when none did', async () => {
    const kept = await sessions.create(userId);
    const others = [await sessions.create(userId), await sessions.create(userId)];
    expect(await sessions.deleteForUser(userId, kept)).toBe(2);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.userId).toBe(userId);
    expect([...ended[0]!.sessionIds].sort()).toEqual(others.map(sessionIdOf).sort());
    expect((await sessions.resolve(kept))?.user.id).toBe(userId);

    expect(await sessions.deleteForUser(userId, kept)).toBe(0);
    expect(ended).toHaveLength(1);
    await sessions.deleteForUser(userId);
    expect(ended[1]).toEqual({ userId, sessionIds: [sessionIdOf(kept)] });
  });
});
