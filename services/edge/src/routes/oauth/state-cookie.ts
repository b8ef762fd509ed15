import { timingSafeEqual } from 'node:crypto';
import { PermissionDeniedError } from '@modelgate/runtime';
import { parse as parseCookies } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

/** The cookie binding an OAuth state to the browser that asked for it. */
export const STATE_COOKIE = 'oauth_state';
/** The reference's message for a missing, foreign, forged or reused state. */
export const BAD_STATE_MESSAGE = 'state is empty or not same';
/** As long as identity keeps the state. */
const STATE_COOKIE_TTL_MS = 10 * 60_000;

function stateCookieOptions(req: Request): CookieOptions {
  // Only the `/api/oauth/...` callbacks need it; Lax so it survives the provider's redirect back.
  return { httpOnly: true, sameSite: 'lax', path: '/api/oauth', secure: req.secure };
}

/** Remembers the state just issued in this browser (a newer state replaces an older one). */
export function setStateCookie(req: Request, res: Response, state: string): void {
  res.cookie(STATE_COOKIE, state, { ...stateCookieOptions(req), maxAge: STATE_COOKIE_TTL_MS });
}

/** Forgets the state once a callback has used it. */
export function clearStateCookie(req: Request, res: Response): void {
  res.clearCookie(STATE_COOKIE, stateCookieOptions(req));
}

/**
 * Refuses a callback whose state was not issued to this browser: without the cookie, or with a
 * different one, the state is someone else's (a forged login link) and is not even looked up.
 */
export function requireOwnState(req: Request, state: string): void {
  const cookie = req.headers.cookie ? parseCookies(req.headers.cookie)[STATE_COOKIE] : undefined;
  const ours = Buffer.from(cookie ?? '');
  const theirs = Buffer.from(state);
  if (state === '' || ours.length !== theirs.length || !timingSafeEqual(ours, theirs)) {
    throw new PermissionDeniedError(BAD_STATE_MESSAGE, { code: 'oauth_state_invalid' });
  }
}
