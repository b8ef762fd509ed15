import { InternalError } from '@modelgate/runtime';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { signIn, signOut } from '../../auth/authenticate';
import { refuseCrossSite } from '../../auth/cross-site';
import { toAuthUser } from '../../http/user-json';
import { sendOk } from '../../http/envelope';
import { AccountRouteMessage, emailOf, loginBody, parseBody, registerBody, resetBody } from './input';

/**
 * Deadline of the calls that send mail: identity talks to the SMTP server before it answers
 * (its own timeouts end a dead server's attempt well within this), so the usual gRPC deadline
 * would be too short.
 */
export const MAIL_DEADLINE_MS = 30_000;

/**
 * Registration, sign-in and sign-out, email codes and password reset (`/api/user/register`,
 * `/api/user/login`, `/api/user/logout`, `/api/verification`, `/api/reset_password`,
 * `/api/user/reset`). Every route but sign-out is under the critical rate limit, and those the
 * console guards with the human check verify its `?turnstile=` token. The GETs that change
 * something (sign-out, sending mail) refuse requests another site made the browser send.
 */
export function createSignInRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, protect, sessions } = deps;

  router.post('/user/register', protect.critical, protect.turnstile, async (req, res) => {
    await clients.accounts.call('Register', parseBody(registerBody, req.body));
    sendOk(res, undefined);
  });

  /**
   * Signs in and answers with the user the console stores. `data.default_password` (always
   * present) is true, and `message` says so, while the super admin still uses the first-start
   * password, so the console can insist that it be changed.
   */
  router.post('/user/login', protect.critical, protect.turnstile, async (req, res) => {
    const { user, default_password } = await clients.accounts.call('Login', parseBody(loginBody, req.body));
    if (!user) throw new InternalError('identity answered a sign-in without a user');
    const signedIn = toAuthUser(user);
    await signIn(req, res, sessions, signedIn);
    sendOk(res, { ...signedIn, default_password }, default_password ? AccountRouteMessage.defaultPassword : '');
  });

  /** Ends the session; the relay's playground stops accepting it at once (SessionStore announces it). */
  router.get('/user/logout', refuseCrossSite, async (req, res) => {
    await signOut(req, res, sessions);
    sendOk(res, undefined);
  });

  router.get('/verification', refuseCrossSite, protect.critical, protect.turnstile, async (req, res) => {
    await clients.accounts.call(
      'SendVerificationCode',
      { email: emailOf(req) },
      { deadlineMs: MAIL_DEADLINE_MS },
    );
    sendOk(res, undefined);
  });

  router.get('/reset_password', refuseCrossSite, protect.critical, protect.turnstile, async (req, res) => {
    await clients.accounts.call('SendPasswordReset', { email: emailOf(req) }, { deadlineMs: MAIL_DEADLINE_MS });
    sendOk(res, undefined);
  });

  /** Redeems a reset link: the new password is in `data`, once; every session of the user ends. */
  router.post('/user/reset', protect.critical, async (req, res) => {
    const { user_id, password } = await clients.accounts.call('ResetPassword', parseBody(resetBody, req.body));
    await sessions.deleteForUser(Number(user_id));
    sendOk(res, password);
  });

  return router;
}
