import {
  checkClaimedUser,
  checkUserEnabled,
  claimedUserIdOf,
  ConsoleAuthMessage,
  isSessionToken,
  sessionIdOf,
} from '@modelgate/access';
import { AuthenticationError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** The signed-in user of a console session, as `AuthenticateSession` returns it. */
export interface SessionUser {
  id: number;
  username: string;
  /** The user's own group; empty when they have none. */
  group: string;
  role: number;
  status: number;
}

interface SessionRow {
  id: number | string;
  username: string;
  group: string;
  role: number | string;
  status: number | string;
}

function notSignedIn(): AuthenticationError {
  return new AuthenticationError(ConsoleAuthMessage.notSignedIn, { code: 'not_signed_in' });
}

/**
 * Checks a console session for another service, by edge's rules: the token must name a live
 * session (the row holds the token's hash; expired rows count as gone) of a user not deleted,
 * `claimedUserId` (the `New-Api-User` header as a decimal; "0" when the caller sent none) must
 * be that user,
 * and the user must be enabled. Failures are 401 with the reference's messages, 403
 * `user_banned` for a disabled user. Identity only reads `sessions`: the session is not
 * extended, which the console's next `/api` call does. The user's balance is billing's: a
 * caller that needs it asks billing.
 */
export async function authenticateSession(dataSource: DataSource, token: string, claimedUserId: string): Promise<SessionUser> {
  if (!isSessionToken(token)) throw notSignedIn();
  const rows: SessionRow[] = await dataSource.query(
    `SELECT u.id, u.username, u."group", u.role, u.status
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
      WHERE s.id = $1 AND s.expires_at > now()`,
    [sessionIdOf(token)],
  );
  const row = rows[0];
  if (!row) throw notSignedIn();
  const user: SessionUser = {
    id: Number(row.id),
    username: row.username,
    group: row.group,
    role: Number(row.role),
    status: Number(row.status),
  };
  checkClaimedUser(user.id, claimedUserIdOf(claimedUserId === '0' ? undefined : claimedUserId));
  checkUserEnabled(user.status);
  return user;
}
