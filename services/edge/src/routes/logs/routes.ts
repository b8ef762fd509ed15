import { type Request, type Response, Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { callerOf } from '../../auth/authenticate';
import { sendOk } from '../../http/envelope';
import { oneBasedPagingOf, pageJson } from '../../http/paging';
import { createDataRoutes } from './data-routes';
import { logFilterOf } from './input';
import { logJsonOf } from './json';

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
    const result = await clients.usage.call('ListLogs', { caller: callerOf(res, self), filter, ...oneBasedPagingOf(req) });
    sendOk(res, pageJson(result, (entry) => logJsonOf(entry, !self)));
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
