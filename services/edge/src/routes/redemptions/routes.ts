import { redemptionSearchQuery } from '@modelgate/contracts/api';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { authOf } from '../../auth/authenticate';
import { bodyOf, parseInput } from '../../http/body-input';
import { sendOk } from '../../http/envelope';
import { oneBasedPagingOf, pageJson } from '../../http/paging';
import { isStatusOnly, parseQuery } from '../../http/query-input';
import { redemptionJson } from './json';
import {
  countForWire,
  createRedemptionBody,
  redemptionIdOf,
  redemptionStatusBody,
  statusForWire,
  updateRedemptionBody,
} from './input';

/**
 * Redemption codes for admins (`/api/redemption/...`): list and search (the paged shape, `p`
 * 1-based with 0 meaning the first page), view, create a batch (`data` is the new keys), edit
 * name and quota, enable or disable (`?status_only=true`), delete. Billing applies the rules.
 */
export function createRedemptionRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  router.get('/redemption/', guards.admin, async (req, res) => {
    const page = await clients.redemptions.call('ListRedemptions', { ...oneBasedPagingOf(req), keyword: '' });
    sendOk(res, pageJson(page, redemptionJson));
  });

  router.get('/redemption/search', guards.admin, async (req, res) => {
    const { keyword } = parseQuery(redemptionSearchQuery, req);
    const page = await clients.redemptions.call('ListRedemptions', { ...oneBasedPagingOf(req), keyword });
    sendOk(res, pageJson(page, redemptionJson));
  });

  router.get('/redemption/:id', guards.admin, async (req, res) => {
    const { redemption } = await clients.redemptions.call('GetRedemption', { id: redemptionIdOf(req) });
    sendOk(res, redemptionJson(redemption));
  });

  router.post('/redemption/', guards.admin, async (req, res) => {
    const body = parseInput(createRedemptionBody, bodyOf(req));
    const { keys } = await clients.redemptions.call('CreateRedemptions', {
      actor_id: authOf(res).user.id,
      name: body.name ?? '',
      quota: body.quota ?? 0,
      count: countForWire(body.count),
    });
    sendOk(res, keys);
  });

  router.put('/redemption/', guards.admin, async (req, res) => {
    if (isStatusOnly(req)) {
      const body = parseInput(redemptionStatusBody, bodyOf(req));
      const { redemption } = await clients.redemptions.call('SetRedemptionStatus', {
        id: body.id,
        status: statusForWire(body.status),
      });
      sendOk(res, redemptionJson(redemption));
      return;
    }
    const body = parseInput(updateRedemptionBody, bodyOf(req));
    const { redemption } = await clients.redemptions.call('UpdateRedemption', {
      id: body.id,
      name: body.name ?? '',
      quota: body.quota ?? 0,
    });
    sendOk(res, redemptionJson(redemption));
  });

  router.delete('/redemption/:id', guards.admin, async (req, res) => {
    await clients.redemptions.call('DeleteRedemption', { id: redemptionIdOf(req) });
    sendOk(res, undefined);
  });

  return router;
}
