import { Router } from 'express';
import type { ApiDeps } from '../api-deps';
import { authOf } from '../auth/authenticate';
import { sendOk } from '../http/envelope';

/** Registration, sign-in and the signed-in user's own account (`/api/user/...`). */
export function createAccountRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  router.get('/user/self', guards.user, async (_req, res) => {
    const { user } = await clients.accounts.call('GetSelf', { user_id: authOf(res).user.id });
    sendOk(res, user);
  });

  return router;
}
