import { type Request, type Response, Router } from 'express';
import type { ApiDeps } from '../api-deps';
import { authOf } from '../auth/authenticate';
import { sendOk } from '../http/envelope';
import { createDataRoutes } from './logs/data-routes';
import { logFilterOf } from './logs/log-input';
import { logJsonOf } from './logs/log-json';
import { pagingOf } from './user-admin/user-admin-input';

/** The caller as billing is told about it; `self` for the own-data endpoints. */
function callerOf(res: Response, self: boolean) {
  const { user } = authOf(res);
  return { user_id: user.id, role: user.role, self };
}

/**
 * The usage log (`/api/log/...`) and the dashboard totals, read from billing, which owns the
 * logs and scopes every answer itself: `/log/` and `/log/stat` are for admins (every user, every
 * filter), `/log/self/` and `/log/self/stat` for any signed-in user (their own rows, without
 * admin-only fields or filters). `DELETE /log/` lives with the settings routes.
 */
export function createLogRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  const list = (self: boolean) => async (req: Request, res: Response) => {
    const filter = logFilterOf(req, !self);
    const { page, page_size } = pagingOf(req);
    const result = await clients.usage.call('ListLogs', { caller: callerOf(res, self), filter, page, page_size });
    sendOk(res, {
      items: result.items.map((entry) => logJsonOf(entry, !self)),
      page: result.page,
      page_size: result.page_size,
      total: Number(result.total),
    });
  };

  const stat = (self: boolean) => async (req: Request, res: Response) => {
    const filter = logFilterOf(req, !self);
    const result = await clients.usage.call('LogStats', { caller: callerOf(res, self), filter });
    sendOk(res, { quota: Number(result.quota), rpm: Number(result.rpm), tpm: Number(result.tpm) });
  };

  router.get('/log/stat', guards.admin, stat(false));
  router.get('/log/self/stat', guards.user, stat(true));
  router.get('/log/self', guards.user, list(true));
  router.get('/log/', guards.admin, list(false));
  router.use(createDataRoutes(deps));

  return router;
}
