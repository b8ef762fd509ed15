import type { AffTransferJson, UserGroupsJson } from '@modelgate/contracts/api';
import { InternalError, PreconditionFailedError } from '@modelgate/runtime';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { authOf, signOut } from '../../auth/authenticate';
import { refuseCrossSite } from '../../auth/cross-site';
import { sendOk } from '../../http/envelope';
import {
  AccountRouteMessage,
  affTransferBody,
  emailBindingOf,
  parseBody,
  profileBody,
  settingBody,
} from './input';
import { toSelfUserJson } from '../../http/user-json';
import { withBalance } from '../../http/user-balance-json';

/**
 * The signed-in user's own account (`/api/user/self`, `/token`, `/aff`, `/aff_transfer`,
 * `/setting`, `/self/groups`, `/models`) and binding an email (`/api/oauth/email/bind`). Every
 * route acts on the caller only: the user id comes from the session or access token, never
 * from the request.
 */
export function createSelfRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards, protect, sessions } = deps;
  const userId = (res: Parameters<typeof authOf>[0]) => authOf(res).user.id;

  router.get('/user/self', guards.user, async (_req, res) => {
    const id = userId(res);
    // Identity answers the profile, billing the balance (with what open reservations hold).
    const [{ user }, { balances }] = await Promise.all([
      clients.accounts.call('GetSelf', { user_id: id }),
      clients.billing.call('GetUserBalances', { user_ids: [id] }),
    ]);
    if (!user) throw new InternalError('identity answered without the user');
    sendOk(res, withBalance(toSelfUserJson(user), balances, { includeHeld: true }));
  });

  /**
   * Identity requires the current password for a new username or password and revokes the
   * system access token with a new password; the user's other sessions end here (all of them
   * when an access token made the change), the one making the change stays.
   */
  router.put('/user/self', guards.user, async (req, res) => {
    const auth = authOf(res);
    const { password_changed } = await clients.accounts.call('UpdateSelf', {
      user_id: auth.user.id,
      ...parseBody(profileBody, req.body),
    });
    if (password_changed) await sessions.deleteForUser(auth.user.id, auth.sessionToken);
    sendOk(res, undefined);
  });

  router.delete('/user/self', guards.user, async (req, res) => {
    const id = userId(res);
    await clients.accounts.call('DeleteSelf', { user_id: id });
    await sessions.deleteForUser(id);
    await signOut(req, res, sessions);
    sendOk(res, undefined);
  });

  router.get('/user/token', guards.user, async (_req, res) => {
    const { access_token } = await clients.accounts.call('GenerateAccessToken', { user_id: userId(res) });
    sendOk(res, access_token);
  });

  router.get('/user/aff', guards.user, async (_req, res) => {
    const { aff_code } = await clients.accounts.call('GetAffCode', { user_id: userId(res) });
    sendOk(res, aff_code);
  });

  /** Moves invitation rewards into the balance; billing owns both columns and the minimum. */
  router.post('/user/aff_transfer', guards.user, async (req, res) => {
    const { quota } = parseBody(affTransferBody, req.body);
    if (quota <= 0) {
      const status = await deps.statusCache.get();
      throw new PreconditionFailedError(AccountRouteMessage.transferMinimum(Number(status.quota_per_unit) || 0), {
        code: 'transfer_below_minimum',
      });
    }
    const result = await clients.billing.call('TransferAffQuota', { user_id: userId(res), amount: quota });
    sendOk(res, { quota: Number(result.quota), aff_quota: Number(result.aff_quota) } satisfies AffTransferJson, AccountRouteMessage.transferDone);
  });

  router.put('/user/setting', guards.user, async (req, res) => {
    await clients.accounts.call('UpdateSetting', { user_id: userId(res), ...parseBody(settingBody, req.body) });
    sendOk(res, undefined, AccountRouteMessage.settingSaved);
  });

  /** The groups the user may choose, priced ones only: `{name: {desc, ratio}}`. */
  router.get('/user/self/groups', guards.user, async (_req, res) => {
    const { groups } = await clients.accounts.call('ListUsableGroups', { user_id: userId(res) });
    const data: UserGroupsJson = {};
    for (const group of groups) if (group.priced) data[group.name] = { desc: group.desc, ratio: group.ratio };
    sendOk(res, data);
  });

  /** Every model an enabled channel serves in any of the user's usable groups, once each. */
  router.get('/user/models', guards.user, async (_req, res) => {
    const { groups } = await clients.accounts.call('ListUsableGroups', { user_id: userId(res) });
    const lists = await Promise.all(
      groups
        .filter((group) => group.name !== '')
        .map((group) => clients.relay.call('ListEnabledModels', { group: group.name })),
    );
    const models = [...new Set(lists.flatMap((list) => list.models))].sort();
    sendOk(res, models);
  });

  router.get('/oauth/email/bind', refuseCrossSite, protect.critical, guards.user, async (req, res) => {
    await clients.accounts.call('BindEmail', {
      user_id: userId(res),
      ...emailBindingOf(req),
    });
    sendOk(res, undefined);
  });

  return router;
}
