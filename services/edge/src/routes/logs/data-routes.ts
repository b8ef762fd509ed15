import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { callerOf } from '../../auth/authenticate';
import { sendOk } from '../../http/envelope';
import { quotaDataRequestOf } from './input';
import { quotaDataJsonOf } from './json';

/**
 * The dashboard's usage totals (`/api/data/...`) from billing's hourly `quota_data`: every
 * user's per model and bucket for admins (optionally one `username`), the caller's own for
 * `/data/self` (at most one month at a time). Billing validates and scopes.
 */
export function createDataRoutes(deps: Pick<ApiDeps, 'clients' | 'guards'>): Router {
  const router = Router();
  const { clients, guards } = deps;

  router.get('/data/', guards.admin, async (req, res) => {
    const columns = await clients.usage.call('ListQuotaData', {
      caller: callerOf(res, false),
      ...quotaDataRequestOf(req, true),
    });
    sendOk(res, quotaDataJsonOf(columns));
  });

  router.get('/data/self', guards.user, async (req, res) => {
    const columns = await clients.usage.call('ListQuotaData', {
      caller: callerOf(res, true),
      ...quotaDataRequestOf(req, false),
    });
    sendOk(res, quotaDataJsonOf(columns));
  });

  return router;
}
