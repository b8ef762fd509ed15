import type { PricingEnvelope, PricingRowJson } from '@modelgate/contracts/api';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { optionalAuth } from '../../auth/authenticate';
import { sendOkWith } from '../../http/envelope';

/**
 * `GET /api/pricing` (public; `pricingEnvelope` of the `/api` contract): every model an enabled channel serves with its prices in `data`,
 * and beside it `group_ratio` and `usable_group` for the caller — the signed-in user's groups
 * when the request carries a session, else the default group's.
 */
export function createPricingRoutes(deps: Pick<ApiDeps, 'clients' | 'sessions'>): Router {
  const router = Router();

  router.get('/pricing', async (req, res) => {
    const auth = await optionalAuth(req, deps.sessions);
    const list = await deps.clients.usage.call('GetPricing', { user_id: auth?.user.id ?? 0 });
    const rows = list.rows.map((row): PricingRowJson => ({
      model_name: row.model_name,
      quota_type: row.quota_type,
      model_ratio: row.model_ratio,
      completion_ratio: row.completion_ratio,
      model_price: row.model_price,
      enable_groups: row.enable_groups,
    }));
    sendOkWith(res, rows, { group_ratio: list.group_ratio, usable_group: list.usable_group } satisfies Partial<PricingEnvelope>);
  });

  return router;
}
