import type { User__Output } from '@modelgate/contracts';
import type { ManageUserAction, ManageUserJson } from '@modelgate/contracts/api';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { authOf } from '../../auth/authenticate';
import { bodyOf, parseInput } from '../../http/body-input';
import { sendOk } from '../../http/envelope';
import { oneBasedPagingOf, pageJson, type ServicePage } from '../../http/paging';
import { numericIdOnly } from '../../http/path-id';
import { toAdminUserJson, userJsonOf } from '../../http/user-json';
import { withAdminBalance, withAdminBalances } from './balances';
import { createUserBody, manageUserBody, searchOf, updateUserBody } from './input';

/** The console's action names and the proto's. Any other name is sent as unspecified and refused. */
const ACTIONS = {
  promote: 'USER_ACTION_PROMOTE',
  demote: 'USER_ACTION_DEMOTE',
  enable: 'USER_ACTION_ENABLE',
  disable: 'USER_ACTION_DISABLE',
  delete: 'USER_ACTION_DELETE',
} as const satisfies Record<ManageUserAction, string>;

/** Actions after which the user must not stay signed in anywhere. */
const SIGN_OUT_ACTIONS: ReadonlySet<string> = new Set(['disable', 'delete']);

/**
 * User management by admins (`/api/user/...`): list and search, view, create, edit and the
 * promote/demote/enable/disable/delete actions. Identity applies the role rules to the caller
 * it is told about. After a password change, a ban or a deletion edge ends the target's sessions
 * everywhere; the guards re-read role and status on every request anyway, so this is defence in
 * depth (and a changed password must not leave old sign-ins alive).
 */
export function createUserAdminRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards, sessions } = deps;
  /** A page of users from identity, their balances from billing. */
  const pageWithBalances = async (page: ServicePage<User__Output>) => {
    const json = pageJson(page, toAdminUserJson);
    return { ...json, items: await withAdminBalances(clients.billing, json.items) };
  };
  const oneWithBalance = (user: User__Output | null) => withAdminBalance(clients.billing, userJsonOf(user, toAdminUserJson));

  router.get('/user/', guards.admin, async (req, res) => {
    const page = await clients.userAdmin.call('ListUsers', { actor_id: authOf(res).user.id, ...oneBasedPagingOf(req) });
    sendOk(res, await pageWithBalances(page));
  });

  router.get('/user/search', guards.admin, async (req, res) => {
    const query = { actor_id: authOf(res).user.id, ...oneBasedPagingOf(req), ...searchOf(req) };
    sendOk(res, await pageWithBalances(await clients.userAdmin.call('ListUsers', query)));
  });

  router.get('/user/:id', numericIdOnly, guards.admin, async (req, res) => {
    const { user } = await clients.userAdmin.call('GetUser', {
      actor_id: authOf(res).user.id,
      user_id: Number(req.params.id),
    });
    sendOk(res, await oneWithBalance(user));
  });

  router.post('/user/', guards.admin, async (req, res) => {
    const body = parseInput(createUserBody, bodyOf(req));
    const { user } = await clients.userAdmin.call('CreateUser', {
      actor_id: authOf(res).user.id,
      username: body.username ?? '',
      display_name: body.display_name ?? '',
      password: body.password ?? '',
      role: body.role ?? 0,
    });
    sendOk(res, await oneWithBalance(user));
  });

  router.put('/user/', guards.admin, async (req, res) => {
    const body = parseInput(updateUserBody, bodyOf(req));
    const { user, password_changed } = await clients.userAdmin.call('UpdateUser', {
      actor_id: authOf(res).user.id,
      user_id: body.id,
      username: body.username ?? undefined,
      display_name: body.display_name ?? undefined,
      password: body.password || undefined,
      group: body.group ?? undefined,
      quota: body.quota ?? undefined,
      quota_delta: body.quota_delta ?? undefined,
      role: body.role ?? undefined,
    });
    if (password_changed) await sessions.deleteForUser(body.id);
    sendOk(res, await oneWithBalance(user));
  });

  router.post('/user/manage', guards.admin, async (req, res) => {
    const body = parseInput(manageUserBody, bodyOf(req));
    const action = Object.hasOwn(ACTIONS, body.action)
      ? ACTIONS[body.action as keyof typeof ACTIONS]
      : 'USER_ACTION_UNSPECIFIED';
    const result = await clients.userAdmin.call('ManageUser', {
      actor_id: authOf(res).user.id,
      user_id: body.id,
      action,
    });
    if (SIGN_OUT_ACTIONS.has(body.action)) await sessions.deleteForUser(body.id);
    sendOk(res, { role: result.role, status: result.status } satisfies ManageUserJson);
  });

  return router;
}
