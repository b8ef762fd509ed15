import { randomBytes } from 'node:crypto';
import { isSessionToken, sessionIdOf } from '@modelgate/access';
import type { AuthUserJson } from '@modelgate/contracts/api';
import type { DataSource } from 'typeorm';

/**
 * The signed-in user as every `/api` route sees it (read fresh from `users` on each request), and
 * as sign-in answers it: the contract's `authUserJson`.
 */
export type AuthUser = AuthUserJson;

/** A resolved session: its id (the cookie value) and its user. */
export interface ActiveSession {
  id: string;
  user: AuthUser;
}

/** Sessions that just ended: their user and their ids (`sessions.id`, hashes of the cookies). */
export interface EndedSessions {
  userId: number;
  sessionIds: string[];
}

/**
 * Told of every session that ends (sign-out, sign-in over an old session, a user's sessions
 * ended at once), after the rows are gone, so caches of session answers elsewhere (the relay's
 * playground) can drop them at once. A hint: it must not throw.
 */
export type SessionEndListener = (ended: EndedSessions) => Promise<void>;

/** Most session ids one announcement carries (the event's schema allows more). */
const MAX_IDS_PER_ANNOUNCEMENT = 1_000;

/** Sessions live 30 days from their last use (sliding), like the reference's cookie. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;
/** A session's expiry is pushed forward at most this often, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 3_600_000;

/** The database key of a session: a hash, so a leaked table does not leak usable cookies. */
const sessionKey = sessionIdOf;

const USER_COLUMNS = 'u.id, u.username, u.display_name, u.role, u.status, u."group"';

/**
 * Server-side console sessions (edge owns the `sessions` table). The cookie carries a random
 * token; the row holds only its hash. Every lookup joins the user's current role and status, so a
 * ban or a demotion applies to the next request on every edge replica, and deleting a user's rows
 * signs them out everywhere at once. Every ending is announced to `onEnded`.
 */
export class SessionStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onEnded?: SessionEndListener,
  ) {}

  /** Opens a session for `userId`; returns the token for the cookie. */
  async create(userId: number, data: Record<string, unknown> = {}): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.query(
      `INSERT INTO sessions (id, user_id, expires_at, data) VALUES ($1, $2, $3, $4::jsonb)`,
      [sessionKey(token), userId, new Date(Date.now() + SESSION_TTL_MS), JSON.stringify(data)],
    );
    return token;
  }

  /** The live session of `token` with its user, or undefined (unknown, expired, user deleted). */
  async resolve(token: string): Promise<ActiveSession | undefined> {
    if (!isSessionToken(token)) return undefined;
    const id = sessionKey(token);
    const rows: Array<AuthUser & { last_seen_at: Date }> = await this.dataSource.query(
      `SELECT ${USER_COLUMNS}, s.last_seen_at
         FROM sessions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
        WHERE s.id = $1 AND s.expires_at > now()`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
      await this.dataSource.query(
        `UPDATE sessions SET last_seen_at = now(), expires_at = now() + ($2 || ' milliseconds')::interval WHERE id = $1`,
        [id, String(SESSION_TTL_MS)],
      );
    }
    const { last_seen_at: _seen, ...user } = row;
    return { id: token, user: normaliseUser(user) };
  }

  /** Ends one session. */
  async delete(token: string): Promise<void> {
    const [rows]: [Array<{ id: string; user_id: number | string }>, number] = await this.dataSource.query(
      `DELETE FROM sessions WHERE id = $1 RETURNING id, user_id`,
      [sessionKey(token)],
    );
    const row = rows[0];
    if (row) await this.announce(Number(row.user_id), [row.id]);
  }

  /** Ends every session of a user, except `keepToken` (the caller's own, after a password change). */
  async deleteForUser(userId: number, keepToken?: string): Promise<number> {
    const [rows]: [Array<{ id: string }>, number] = await this.dataSource.query(
      `DELETE FROM sessions WHERE user_id = $1 AND ($2::varchar IS NULL OR id <> $2) RETURNING id`,
      [userId, keepToken === undefined ? null : sessionKey(keepToken)],
    );
    await this.announce(userId, rows.map((row) => row.id));
    return rows.length;
  }

  private async announce(userId: number, sessionIds: string[]): Promise<void> {
    if (!this.onEnded) return;
    for (let at = 0; at < sessionIds.length; at += MAX_IDS_PER_ANNOUNCEMENT) {
      await this.onEnded({ userId, sessionIds: sessionIds.slice(at, at + MAX_IDS_PER_ANNOUNCEMENT) });
    }
  }

  /** Removes expired rows (no longer accepted anywhere, so not announced); run periodically. */
  async purgeExpired(): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(`DELETE FROM sessions WHERE expires_at <= now()`);
    return result[1];
  }

  /** The user holding the system access token `token`, or undefined. */
  async userByAccessToken(token: string): Promise<AuthUser | undefined> {
    if (token === '' || token.length > 128) return undefined;
    const rows: AuthUser[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users u WHERE u.access_token = $1 AND u.deleted_at IS NULL`,
      [token],
    );
    return rows[0] ? normaliseUser(rows[0]) : undefined;
  }
}

function normaliseUser(user: AuthUser): AuthUser {
  return { ...user, id: Number(user.id), role: Number(user.role), status: Number(user.status) };
}
