import { sessionIdOf } from '@modelgate/access';
import { AuthenticationError } from '@modelgate/runtime';
import { MAX_SESSION_TTL_MS, SessionAuthenticator, type SessionAuthenticatorOptions } from './session-authenticator';

const TOKEN = 'A'.repeat(43);
const OTHER_TOKEN = 'B'.repeat(43);

/**
 * Stand-ins for identity's client (answers from a table of sessions and counts its calls) and
 * billing's (every user holds 900).
 */
function fakeIdentity(sessions: Record<string, { id: number; status?: number }>) {
  const calls: Array<{ session_token: string; user_id: number }> = [];
  const balanceCalls: Array<{ user_id: string }> = [];
  const identity = {
    async call(_method: string, request: { session_token: string; user_id: number }) {
      calls.push(request);
      const session = sessions[request.session_token];
      if (!session || session.id !== request.user_id) throw new AuthenticationError('not signed in');
      return {
        user: { id: String(session.id), username: `user${session.id}`, group: 'vip', role: 1, status: session.status ?? 1 },
      };
    },
  } as unknown as SessionAuthenticatorOptions['identity'];
  const billing = {
    async call(_method: string, request: { user_id: string }) {
      balanceCalls.push(request);
      return { quota: '900', used_quota: '0', request_count: '0' };
    },
  } as unknown as SessionAuthenticatorOptions['billing'];
  return { identity, billing, calls, balanceCalls };
}

describe('SessionAuthenticator', () => {
  let clock: number;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('asks identity, then billing for the balance, and converts their answers', async () => {
    const { identity, billing, calls, balanceCalls } = fakeIdentity({ [TOKEN]: { id: 7 } });
    const sessions = new SessionAuthenticator({ identity, billing, now });
    await expect(sessions.authenticate(TOKEN, 7)).resolves.toEqual({
      id: 7,
      username: 'user7',
      group: 'vip',
      role: 1,
      status: 1,
      quota: 900,
    });
    expect(calls).toEqual([{ session_token: TOKEN, user_id: 7 }]);
    expect(balanceCalls).toEqual([{ user_id: '7' }]);
  });

  it('reuses a positive answer for the TTL only', async () => {
    const { identity, billing, calls } = fakeIdentity({ [TOKEN]: { id: 7 } });
    const sessions = new SessionAuthenticator({ identity, billing, now, ttlMs: 2_000 });
    await sessions.authenticate(TOKEN, 7);
    clock += 1_999;
    await sessions.authenticate(TOKEN, 7);
    expect(calls).toHaveLength(1);
    clock += 1;
    await sessions.authenticate(TOKEN, 7);
    expect(calls).toHaveLength(2);
  });

  it('never keeps a refusal, nor gives one session the answer of another session or claim', async () => {
    const { identity, billing, calls } = fakeIdentity({ [TOKEN]: { id: 7 }, [OTHER_TOKEN]: { id: 8 } });
    const sessions = new SessionAuthenticator({ identity, billing, now });
    await expect(sessions.authenticate(TOKEN, 8)).rejects.toBeInstanceOf(AuthenticationError);
    await expect(sessions.authenticate(TOKEN, 8)).rejects.toBeInstanceOf(AuthenticationError);
    expect(calls).toHaveLength(2);
    await sessions.authenticate(TOKEN, 7);
    await expect(sessions.authenticate(TOKEN, 8)).rejects.toBeInstanceOf(AuthenticationError);
    await expect(sessions.authenticate(OTHER_TOKEN, 7)).rejects.toBeInstanceOf(AuthenticationError);
    expect((await sessions.authenticate(OTHER_TOKEN, 8)).id).toBe(8);
    expect(calls).toHaveLength(6);
  });

  it('forgets a user at once when their account changes', async () => {
    const { identity, billing, calls } = fakeIdentity({ [TOKEN]: { id: 7 }, [OTHER_TOKEN]: { id: 8 } });
    const sessions = new SessionAuthenticator({ identity, billing, now });
    await sessions.authenticate(TOKEN, 7);
    await sessions.authenticate(OTHER_TOKEN, 8);
    sessions.forgetUser(7);
    expect(sessions.size).toBe(1);
    await sessions.authenticate(TOKEN, 7);
    await sessions.authenticate(OTHER_TOKEN, 8);
    expect(calls.map((c) => c.user_id)).toEqual([7, 8, 7]);
  });

  it('forgets an ended session at once, and only that session', async () => {
    const { identity, billing, calls } = fakeIdentity({ [TOKEN]: { id: 7 }, [OTHER_TOKEN]: { id: 7 } });
    const sessions = new SessionAuthenticator({ identity, billing, now });
    await sessions.authenticate(TOKEN, 7);
    await sessions.authenticate(OTHER_TOKEN, 7);
    sessions.forgetSessions([sessionIdOf(TOKEN)]);
    expect(sessions.size).toBe(1);
    await sessions.authenticate(TOKEN, 7);
    await sessions.authenticate(OTHER_TOKEN, 7);
    expect(calls.map((c) => c.session_token)).toEqual([TOKEN, OTHER_TOKEN, TOKEN]);
  });

  it('does not remember an answer that was on its way when its session ended or its user changed', async () => {
    const { identity, billing, calls } = fakeIdentity({ [TOKEN]: { id: 7 } });
    const sessions = new SessionAuthenticator({ identity, billing, now });
    const afterEnd = sessions.authenticate(TOKEN, 7);
    sessions.forgetSessions([sessionIdOf(TOKEN)]);
    expect((await afterEnd).id).toBe(7);
    const afterChange = sessions.authenticate(TOKEN, 7);
    sessions.forgetUser(7);
    await afterChange;
    expect(sessions.size).toBe(0);
    const unrelated = sessions.authenticate(TOKEN, 7);
    sessions.forgetSessions([sessionIdOf(OTHER_TOKEN)]);
    sessions.forgetUser(8);
    await unrelated;
    expect(sessions.size).toBe(1);
    expect(calls).toHaveLength(3);
  });

  it('caps the TTL at a few seconds and the number of answers kept', async () => {
    const { identity, billing, calls } = fakeIdentity({ [TOKEN]: { id: 7 }, [OTHER_TOKEN]: { id: 8 } });
    const sessions = new SessionAuthenticator({ identity, billing, now, ttlMs: 60_000, maxEntries: 1 });
    await sessions.authenticate(TOKEN, 7);
    await sessions.authenticate(OTHER_TOKEN, 8);
    expect(sessions.size).toBe(1);
    await sessions.authenticate(TOKEN, 7); // pushed out by the other session
    expect(calls).toHaveLength(3);
    clock += MAX_SESSION_TTL_MS;
    await sessions.authenticate(TOKEN, 7);
    expect(calls).toHaveLength(4);
  });

  it('keeps nothing with a TTL of 0', async () => {
    const { identity, billing, calls } = fakeIdentity({ [TOKEN]: { id: 7 } });
    const sessions = new SessionAuthenticator({ identity, billing, now, ttlMs: 0 });
    await sessions.authenticate(TOKEN, 7);
    await sessions.authenticate(TOKEN, 7);
    expect(calls).toHaveLength(2);
    expect(sessions.size).toBe(0);
  });
});
