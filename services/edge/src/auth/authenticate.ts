import { checkClaimedUser, checkUserEnabled, claimedUserIdOf, SESSION_COOKIE, USER_ID_HEADER } from '@modelgate/access';
import { UserRole } from '@modelgate/db';
import { AuthenticationError, PermissionDeniedError } from '@modelgate/runtime';
import { parse as parseCookies } from 'cookie';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { AuthMessage } from './auth-messages';
import { type AuthUser, SESSION_TTL_MS, type SessionStore } from './session-store';

// The cookie and the header are defined once for every service that accepts a console session.
export { SESSION_COOKIE, USER_ID_HEADER } from '@modelgate/access';

/** Who is calling, once a route's guard has let the request in. */
export interface RequestAuth {
  user: AuthUser;
  /** How the caller proved it: the console's session cookie or a system access token. */
  via: 'session' | 'access_token';
  /** The session cookie's token, when `via` is `session`. */
  sessionToken?: string;
}

declare module 'express-serve-static-core' {
  interface Locals {
    auth?: RequestAuth;
  }
}

/** The authenticated caller of a guarded route. */
export function authOf(res: Response): RequestAuth {
  const auth = res.locals.auth;
  if (!auth) throw new AuthenticationError(AuthMessage.notSignedIn);
  return auth;
}

/**
 * The authenticated caller as a backend service is told about it (billing, the task service),
 * which scopes its answer itself; `self` for the own-data endpoints.
 */
export function callerOf(res: Response, self: boolean): { user_id: number; role: number; self: boolean } {
  const { user } = authOf(res);
  return { user_id: user.id, role: user.role, self };
}

/** The caller when the request carries a valid session, without requiring one (public routes). */
export async function optionalAuth(req: Request, sessions: SessionStore): Promise<RequestAuth | undefined> {
  const token = sessionTokenOf(req);
  if (!token) return undefined;
  const session = await sessions.resolve(token);
  return session ? { user: session.user, via: 'session', sessionToken: session.id } : undefined;
}

function sessionTokenOf(req: Request): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookies(header)[SESSION_COOKIE] : undefined;
}

/**
 * Guards a route for callers of at least `minRole` (1 user, 10 admin, 100 root), the reference's
 * UserAuth / AdminAuth / RootAuth with its messages. The session cookie, or else a system access
 * token in `Authorization`, proves who calls; `New-Api-User` must name that same user. Role and
 * status are read fresh on every request, so a ban or demotion applies at once on every replica.
 */
export function requireRole(sessions: SessionStore, minRole: number): RequestHandler {
  return async (req, res, next) => {
    const auth = await authenticate(req, sessions);
    checkClaimedUser(auth.user.id, claimedUserIdOf(req.headers[USER_ID_HEADER]));
    checkUserEnabled(auth.user.status);
    if (auth.user.role < minRole) {
      throw new PermissionDeniedError(AuthMessage.insufficientRole, { code: 'insufficient_role' });
    }
    res.locals.auth = auth;
    next();
  };
}

async function authenticate(req: Request, sessions: SessionStore): Promise<RequestAuth> {
  const viaSession = await optionalAuth(req, sessions);
  if (viaSession) return viaSession;
  const authorization = req.headers.authorization;
  if (!authorization) throw new AuthenticationError(AuthMessage.notSignedIn);
  const user = await sessions.userByAccessToken(authorization.replace(/^Bearer\s+/i, '').trim());
  if (!user) throw new PermissionDeniedError(AuthMessage.invalidAccessToken, { code: 'invalid_access_token' });
  return { user, via: 'access_token' };
}

/** The guards of the three access levels. */
export function createGuards(sessions: SessionStore) {
  return {
    user: requireRole(sessions, UserRole.Common),
    admin: requireRole(sessions, UserRole.Admin),
    root: requireRole(sessions, UserRole.Root),
  };
}
export type RoleGuards = ReturnType<typeof createGuards>;

/**
 * Strict, like the reference's: no request another site starts carries the session, not even a
 * top-level navigation (a link or a form that would sign out, or bind someone else's account to
 * the visitor's). Nothing needs it to: OAuth providers return the browser to a console page,
 * whose own calls to `/api` are same-site and carry it (the one-time state, bound to the browser
 * by its own cookie, proves the return is the visitor's), and the Telegram widget hands its
 * fields to the page, which binds them with a call of its own. Cross-site requests cannot send
 * the `New-Api-User` header every guarded route requires either, and the state-changing GETs
 * refuse them outright (`refuseCrossSite`), for sessions whose cookie predates Strict too.
 */
function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: req.secure, maxAge: SESSION_TTL_MS };
}

/** Opens a session for `user` and sets its cookie; the one way a route signs somebody in. */
export async function signIn(req: Request, res: Response, sessions: SessionStore, user: AuthUser): Promise<void> {
  const previous = sessionTokenOf(req);
  if (previous) await sessions.delete(previous);
  const token = await sessions.create(user.id, { user_agent: req.headers['user-agent'] ?? '' });
  res.cookie(SESSION_COOKIE, token, cookieOptions(req));
  res.locals.signedIn = true;
}

/** Ends the caller's session (if any) and clears its cookie. */
export async function signOut(req: Request, res: Response, sessions: SessionStore): Promise<void> {
  const token = sessionTokenOf(req);
  if (token) await sessions.delete(token);
  const { maxAge: _maxAge, ...options } = cookieOptions(req);
  res.clearCookie(SESSION_COOKIE, options);
}
