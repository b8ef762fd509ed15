import { createHash } from 'node:crypto';
import { AuthenticationError, PermissionDeniedError } from '@modelgate/runtime';
import { UserStatus } from '@modelgate/db';

/**
 * The console session as every service that accepts it reads it: edge for `/api` (it alone
 * writes the `sessions` table), identity when another service asks it to check a session (the
 * relay's playground). One definition of the cookie, the header and how a token is stored, so a
 * session means the same thing wherever it is presented.
 */

/** Name of the session cookie (the reference's name, so existing consoles keep working). */
export const SESSION_COOKIE = 'session';
/** Header every signed-in console request carries: the signed-in user's id. */
export const USER_ID_HEADER = 'new-api-user';

/**
 * The messages of console authentication failures, exactly as clients written for the reference
 * contract (and its console's translation table) expect them.
 */
export const ConsoleAuthMessage = {
  notSignedIn: '无权进行此操作，未登录且未提供 access token',
  missingUserHeader: '无权进行此操作，未提供 New-Api-User',
  malformedUserHeader: '无权进行此操作，New-Api-User 格式错误',
  mismatchedUserHeader: '无权进行此操作，New-Api-User 与登录用户不匹配',
  banned: '用户已被封禁',
} as const;

const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether `token` has the shape of a session token (32 random bytes as base64url). */
export function isSessionToken(token: string): boolean {
  return SESSION_TOKEN.test(token);
}

/** The `sessions.id` of a token: its SHA-256, so a leaked table does not leak usable cookies. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The value of cookie `name` in a `Cookie` header, or undefined (first occurrence wins). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    let value = pair.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The user id a request claims in `New-Api-User`: 401 with the reference's messages when the
 * header is missing or is not a plain decimal id.
 */
export function claimedUserIdOf(header: string | readonly string[] | undefined): number {
  const claimed = Array.isArray(header) ? header[0] : (header as string | undefined);
  if (claimed === undefined || claimed === '') {
    throw new AuthenticationError(ConsoleAuthMessage.missingUserHeader, { code: 'missing_user_header' });
  }
  if (!/^\d{1,15}$/.test(claimed)) {
    throw new AuthenticationError(ConsoleAuthMessage.malformedUserHeader, { code: 'malformed_user_header' });
  }
  return Number(claimed);
}

/** 401 unless the session's user is the one the request claims. */
export function checkClaimedUser(sessionUserId: number, claimedUserId: number): void {
  if (sessionUserId !== claimedUserId) {
    throw new AuthenticationError(ConsoleAuthMessage.mismatchedUserHeader, { code: 'user_mismatch' });
  }
}

/** 403 `用户已被封禁` (`user_banned`) unless `status` is enabled. */
export function checkUserEnabled(status: number): void {
  if (status !== UserStatus.Enabled) throw new PermissionDeniedError(ConsoleAuthMessage.banned, { code: 'user_banned' });
}
