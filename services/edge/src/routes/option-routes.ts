import { Router } from 'express';
import type { ApiDeps } from '../api-deps';
import { sendOk } from '../http/envelope';

/** Option keys whose values are secrets and never leave the server. */
const SECRET_OPTION = /(Token|Secret|Key)$/;

/** System settings for the root user (`/api/option/...`). */
export function createOptionRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  router.get('/option/', guards.root, async (_req, res) => {
    const { options } = await clients.identity.call('ListOptions', {});
    sendOk(
      res,
      options.filter((option) => !SECRET_OPTION.test(option.key)),
    );
  });

  return router;
}
