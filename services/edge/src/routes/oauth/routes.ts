import type { User__Output } from '@modelgate/contracts';
import { InternalError } from '@modelgate/runtime';
import { type Request, type Response, Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { authOf, optionalAuth, signIn } from '../../auth/authenticate';
import { refuseCrossSite } from '../../auth/cross-site';
import { sendOk } from '../../http/envelope';
import { requestOrigin } from '../../http/request-origin';
import { toAuthUser } from '../../http/user-json';
import { affCodeOf, refuseProviderError, requiredCode, stateOf, widgetFields } from './input';
import { clearStateCookie, requireOwnState, setStateCookie } from './state-cookie';

/** The providers reached through a redirect, a code and a state. */
const REDIRECT_PROVIDERS = ['github', 'oidc', 'linuxdo'] as const;
/**
 * Deadline of the sign-in RPCs: identity calls the provider (bounded by OAUTH_PROVIDER_TIMEOUT_MS,
 * at most 12 s) before it answers, so the usual gRPC deadline would be too short.
 */
const SIGN_IN_DEADLINE_MS = 15_000;

/** What every sign-in RPC answers. */
interface SignInResult {
  user: User__Output | null;
  bound: boolean;
}

/**
 * Third-party sign-in and account binding (`/api/oauth/...`), every route under the critical
 * rate limit. A callback signs the caller in (identity registers the account on first use) or,
 * when the caller is already signed in, binds the external account and answers `message: "bind"`.
 * Every route changes state on a GET, so each refuses requests another site made the browser
 * send, and a binding proves the signed-in user asked for it: with the one-time state issued to
 * this browser (GitHub, OIDC, LinuxDO) or with the `New-Api-User` header (WeChat, Telegram).
 */
export function createOAuthRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, protect, guards, sessions } = deps;

  /** Opens a session for the signed-in user, or reports the binding. */
  const finish = async (req: Request, res: Response, result: SignInResult) => {
    if (!result.user) throw new InternalError('identity answered a sign-in without a user');
    const user = toAuthUser(result.user);
    if (result.bound) return sendOk(res, user, 'bind');
    await signIn(req, res, sessions, user);
    sendOk(res, user);
  };

  router.get('/oauth/state', refuseCrossSite, protect.critical, async (req, res) => {
    const { state } = await clients.oauth.call('CreateState', { aff_code: affCodeOf(req) });
    setStateCookie(req, res, state);
    sendOk(res, state);
  });

  for (const provider of REDIRECT_PROVIDERS) {
    router.get(`/oauth/${provider}`, refuseCrossSite, protect.critical, async (req, res) => {
      refuseProviderError(req);
      const state = stateOf(req);
      requireOwnState(req, state);
      const code = requiredCode(req);
      const caller = await optionalAuth(req, sessions);
      try {
        const result = await clients.oauth.call(
          'SignInWithOAuth',
          { provider, code, state, bind_user_id: caller?.user.id ?? 0, callback_origin: requestOrigin(req) },
          { deadlineMs: SIGN_IN_DEADLINE_MS },
        );
        await finish(req, res, result);
      } finally {
        // Identity has used the state up, whatever the outcome.
        clearStateCookie(req, res);
      }
    });
  }

  router.get('/oauth/wechat', refuseCrossSite, protect.critical, async (req, res) => {
    const code = requiredCode(req);
    const result = await clients.oauth.call('SignInWithWeChat', { code, bind_user_id: 0 }, { deadlineMs: SIGN_IN_DEADLINE_MS });
    await finish(req, res, result);
  });

  router.get('/oauth/wechat/bind', refuseCrossSite, protect.critical, guards.user, async (req, res) => {
    const code = requiredCode(req);
    const result = await clients.oauth.call(
      'SignInWithWeChat',
      { code, bind_user_id: authOf(res).user.id },
      { deadlineMs: SIGN_IN_DEADLINE_MS },
    );
    await finish(req, res, result);
  });

  router.get('/oauth/telegram/login', refuseCrossSite, protect.critical, async (req, res) => {
    const result = await clients.oauth.call('SignInWithTelegram', { fields: widgetFields(req), bind_user_id: 0 });
    await finish(req, res, result);
  });

  // The console hands on the fields the widget gave its page, with the `New-Api-User` header
  // like every guarded call. The session cookie alone is no proof: a navigation from another
  // site carrying fields its owner signed for their own Telegram account would bind that account
  // to the visitor's, and let its owner sign in as the visitor.
  router.get('/oauth/telegram/bind', refuseCrossSite, protect.critical, guards.user, async (req, res) => {
    const result = await clients.oauth.call('SignInWithTelegram', { fields: widgetFields(req), bind_user_id: authOf(res).user.id });
    await finish(req, res, result);
  });

  return router;
}
