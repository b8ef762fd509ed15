import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { authOf } from '../../auth/authenticate';
import { bodyOf, parseInput } from '../../http/body-input';
import { sendOk } from '../../http/envelope';
import { MAX_PAGE_SIZE, pagingOf } from '../../http/paging';
import { isStatusOnly } from '../../http/query-input';
import { withTokenBalance, withTokenBalances } from './balances';
import {
  createTokenBody,
  DEFAULT_NEW_TOKEN_QUOTA,
  int32,
  tokenIdParam,
  tokenSearchOf,
  tokenStatusBody,
  updateTokenBody,
} from './input';

/**
 * The signed-in user's API tokens (`/api/token/...`): list and search, view, create (one or a
 * batch), edit, enable/disable and delete. Every call names the caller to identity, which only
 * ever reaches the caller's own live tokens: another user's token id is "not found". Identity
 * answers the tokens without their balances; each view adds billing's (ADR 0013).
 */
export function createTokenRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;
  const viewsOf = (tokens: Parameters<typeof withTokenBalances>[1]) => withTokenBalances(clients.billing, tokens);
  const viewOf = (token: Parameters<typeof withTokenBalance>[1]) => withTokenBalance(clients.billing, token);

  // Lists answer the page's tokens as a bare array in `data`, as the reference does (its clients
  // read `data` as the list itself); a client pages on until a page comes back short.
  router.get('/token/', guards.user, async (req, res) => {
    const page = await clients.tokens.call('ListTokens', { user_id: authOf(res).user.id, ...pagingOf(req) });
    sendOk(res, await viewsOf(page.items));
  });

  // The reference's search answers every match; without a page size this answers the first 100.
  router.get('/token/search', guards.user, async (req, res) => {
    const sized = req.query.size !== undefined || req.query.page_size !== undefined;
    const paging = sized ? pagingOf(req) : { ...pagingOf(req), page_size: MAX_PAGE_SIZE };
    const query = { user_id: authOf(res).user.id, ...paging, ...tokenSearchOf(req) };
    sendOk(res, await viewsOf((await clients.tokens.call('ListTokens', query)).items));
  });

  router.get('/token/:id', guards.user, async (req, res) => {
    const { token } = await clients.tokens.call('GetToken', { user_id: authOf(res).user.id, token_id: tokenIdParam(req) });
    sendOk(res, await viewOf(token));
  });

  router.post('/token/', guards.user, async (req, res) => {
    const body = parseInput(createTokenBody, bodyOf(req));
    const { tokens } = await clients.tokens.call('CreateTokens', {
      user_id: authOf(res).user.id,
      name: body.name ?? '',
      // Absent means one token; an explicit count below 1 is sent as -1 for identity to refuse.
      count: body.count === null || body.count === undefined ? 0 : body.count >= 1 ? int32(body.count) : -1,
      expired_time: body.expired_time ?? -1,
      remain_quota: body.remain_quota ?? DEFAULT_NEW_TOKEN_QUOTA,
      unlimited_quota: body.unlimited_quota ?? false,
      model_limits_enabled: body.model_limits_enabled ?? false,
      model_limits: body.model_limits ?? '',
      allow_ips: body.allow_ips ?? '',
      group: body.group ?? '',
      rate_limit_rpm: int32(body.rate_limit_rpm ?? 0),
      rate_limit_tpm: int32(body.rate_limit_tpm ?? 0),
    });
    sendOk(res, await viewsOf(tokens));
  });

  router.put('/token/', guards.user, async (req, res) => {
    const user_id = authOf(res).user.id;
    if (isStatusOnly(req)) {
      const body = parseInput(tokenStatusBody, bodyOf(req));
      const { token } = await clients.tokens.call('SetTokenStatus', { user_id, token_id: body.id, status: int32(body.status) });
      sendOk(res, await viewOf(token));
      return;
    }
    const body = parseInput(updateTokenBody, bodyOf(req));
    const { token } = await clients.tokens.call('UpdateToken', {
      user_id,
      token_id: body.id,
      name: body.name ?? undefined,
      expired_time: body.expired_time ?? undefined,
      remain_quota: body.remain_quota ?? undefined,
      unlimited_quota: body.unlimited_quota ?? undefined,
      model_limits_enabled: body.model_limits_enabled ?? undefined,
      model_limits: body.model_limits ?? undefined,
      allow_ips: body.allow_ips ?? undefined,
      group: body.group ?? undefined,
      status: body.status === null || body.status === undefined ? undefined : int32(body.status),
      rate_limit_rpm: body.rate_limit_rpm === null || body.rate_limit_rpm === undefined ? undefined : int32(body.rate_limit_rpm),
      rate_limit_tpm: body.rate_limit_tpm === null || body.rate_limit_tpm === undefined ? undefined : int32(body.rate_limit_tpm),
    });
    sendOk(res, await viewOf(token));
  });

  router.delete('/token/:id', guards.user, async (req, res) => {
    await clients.tokens.call('DeleteToken', { user_id: authOf(res).user.id, token_id: tokenIdParam(req) });
    sendOk(res, undefined);
  });

  return router;
}

