import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { createSelfRoutes } from './self-routes';
import { createSignInRoutes } from './sign-in-routes';

/**
 * Accounts (`/api/user/...`, `/api/verification`, `/api/reset_password`,
 * `/api/oauth/email/bind`): registration, sign-in and sign-out, email codes, password reset, and
 * the signed-in user's own account. Mounted before the admin user routes, whose `/user/:id` must
 * not shadow `/user/self`, `/user/token` and the like.
 */
export function createAccountRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.use(createSignInRoutes(deps));
  router.use(createSelfRoutes(deps));
  return router;
}
