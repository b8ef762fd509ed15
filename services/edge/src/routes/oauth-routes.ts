import { Router } from 'express';
import type { ApiDeps } from '../api-deps';
import { sendOk } from '../http/envelope';

/** Third-party sign-in and account binding (`/api/oauth/...`). */
export function createOAuthRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, protect } = deps;

  router.get('/oauth/state', protect.critical, async (req, res) => {
    const aff = typeof req.query.aff === 'string' ? req.query.aff : '';
    const { state } = await clients.oauth.call('CreateState', { aff_code: aff });
    sendOk(res, state);
  });

  return router;
}
