import type { IncomingMessage } from 'node:http';
import { ConsoleAuthMessage } from '@modelgate/access';
import { AuthenticationError } from '@modelgate/runtime';
import type { CredentialUser } from '../auth';
import { authenticatePlaygroundCaller } from './playground-handler';
import type { PlaygroundSessions } from './session-authenticator';

const TOKEN = 'x'.repeat(43);
const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('authenticatePlaygroundCaller', () => {
  const asked: Array<[string, number]> = [];
  const sessions: PlaygroundSessions = {
    async authenticate(token, userId) {
      asked.push([token, userId]);
      return { id: userId, username: 'u', role: 1, status: 1, group: 'default', quota: 1 } satisfies CredentialUser;
    },
  };
  beforeEach(() => {
    asked.length = 0;
  });

  it('hands the session cookie and the claimed user to the session check', async () => {
    const user = await authenticatePlaygroundCaller(request({ cookie: `theme=dark; session=${TOKEN}`, 'new-api-user': '42' }), sessions);
    expect(user.id).toBe(42);
    expect(asked).toEqual([[TOKEN, 42]]);
  });

  it('refuses a request without a session cookie as not signed in, whatever else it carries', async () => {
    const refused = authenticatePlaygroundCaller(
      request({ authorization: 'Bearer sk-something', 'new-api-user': '42', cookie: 'theme=dark' }),
      sessions,
    );
    await expect(refused).rejects.toBeInstanceOf(AuthenticationError);
    await expect(refused).rejects.toMatchObject({ code: 'not_signed_in', message: ConsoleAuthMessage.notSignedIn });
    expect(asked).toEqual([]);
  });

  it('refuses a missing or malformed New-Api-User before asking anyone', async () => {
    await expect(authenticatePlaygroundCaller(request({ cookie: `session=${TOKEN}` }), sessions)).rejects.toMatchObject({
      message: ConsoleAuthMessage.missingUserHeader,
    });
    await expect(
      authenticatePlaygroundCaller(request({ cookie: `session=${TOKEN}`, 'new-api-user': 'root' }), sessions),
    ).rejects.toMatchObject({ message: ConsoleAuthMessage.malformedUserHeader });
    expect(asked).toEqual([]);
  });
});
