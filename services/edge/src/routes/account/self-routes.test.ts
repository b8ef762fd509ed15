import { createLogger } from '@modelgate/runtime';
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import type { ApiClients, ApiDeps } from '../../api-deps';
import type { SessionStore } from '../../auth/session-store';
import { createEnvelopeErrorHandler } from '../../http/envelope';
import type { PublicStatusCache } from '../../status/public-status-cache';
import { createSelfRoutes } from './self-routes';

const logger = createLogger({ service: 'self-routes-test', level: 'silent' });

/** The routes over fake clients; every caller is user 7. */
function appWith(clients: Partial<Record<keyof ApiClients, { call: jest.Mock }>>) {
  const signedIn: RequestHandler = (_req, res, next) => {
    res.locals.auth = { user: { id: 7, username: 'u', display_name: 'u', role: 1, status: 1, group: 'default' }, via: 'session' };
    next();
  };
  const pass: RequestHandler = (_req, _res, next) => next();
  const deps = {
    logger,
    sessions: {} as SessionStore,
    guards: { user: signedIn, admin: signedIn, root: signedIn },
    protect: { critical: pass, turnstile: pass },
    clients: clients as unknown as ApiClients,
    statusCache: { get: async () => ({ quota_per_unit: 500000 }) } as unknown as PublicStatusCache,
  } as ApiDeps;
  const app = express();
  app.use(express.json());
  app.use('/api', createSelfRoutes(deps));
  app.use(createEnvelopeErrorHandler(logger));
  return app;
}

const groups = [
  { name: 'default', desc: '默认分组', ratio: 1, priced: true },
  { name: 'vip', desc: 'vip分组', ratio: 2, priced: true },
  { name: 'team', desc: '用户分组', ratio: 0, priced: false },
];

describe('own-account routes', () => {
  it('lists each model of the usable groups once, sorted, asking relay per group', async () => {
    const accounts = { call: jest.fn(async () => ({ groups: [...groups, { name: '', desc: '', ratio: 0, priced: false }] })) };
    const models: Record<string, string[]> = { default: ['gpt-4o', 'gpt-4o-mini'], vip: ['claude-3', 'gpt-4o'], team: ['a-model'] };
    const relay = { call: jest.fn(async (_method: string, req: { group: string }) => ({ models: models[req.group] ?? [] })) };
    const res = await request(appWith({ accounts, relay })).get('/api/user/models').expect(200);
    expect(res.body).toEqual({ success: true, message: '', data: ['a-model', 'claude-3', 'gpt-4o', 'gpt-4o-mini'] });
    expect(accounts.call).toHaveBeenCalledWith('ListUsableGroups', { user_id: 7 });
    // Never the empty group: relay reads it as "every group".
    expect(relay.call.mock.calls.map(([, req]) => req.group).sort()).toEqual(['default', 'team', 'vip']);
  });

  it('offers only priced groups for selection', async () => {
    const accounts = { call: jest.fn(async () => ({ groups })) };
    const res = await request(appWith({ accounts })).get('/api/user/self/groups').expect(200);
    expect(res.body.data).toEqual({ default: { desc: '默认分组', ratio: 1 }, vip: { desc: 'vip分组', ratio: 2 } });
  });

  it('answers a non-positive transfer with the minimum, without calling billing', async () => {
    const billing = { call: jest.fn() };
    const res = await request(appWith({ billing })).post('/api/user/aff_transfer').send({ quota: -5 }).expect(200);
    expect(res.body).toEqual({ success: false, message: '转移额度最小为500000！' });
    expect(billing.call).not.toHaveBeenCalled();
  });

  it('passes the caller\'s id, never one from the request', async () => {
    const accounts = { call: jest.fn(async () => ({ setting: '{}' })) };
    await request(appWith({ accounts }))
      .put('/api/user/setting')
      .send({ user_id: 99, notify_type: 'email', quota_warning_threshold: '5' })
      .expect(200);
    expect(accounts.call).toHaveBeenCalledWith('UpdateSetting', {
      user_id: 7,
      notify_type: 'email',
      quota_warning_threshold: 5,
      webhook_url: '',
      webhook_secret: '',
      notification_email: '',
      accept_unset_model_ratio_model: false,
    });
  });

  it('answers the own view with identity\'s profile and billing\'s balance, held quota added back', async () => {
    const profile = {
      id: '7', username: 'u', display_name: 'U', role: 1, status: 1, email: '', github_id: '', oidc_id: '',
      wechat_id: '', telegram_id: '', linux_do_id: '', access_token: 'tok', quota: '0', used_quota: '0',
      request_count: '0', group: 'default', aff_code: 'abcd', aff_count: 0, aff_quota: '0', aff_history_quota: '0',
      inviter_id: '0', deleted_at: '0', setting: '',
    };
    const balance = {
      user_id: '7', quota: '1000', used_quota: '40', request_count: '3', aff_count: 2, aff_quota: '50',
      aff_history_quota: '90', held_quota: '200',
    };
    const accounts = { call: jest.fn(async () => ({ user: profile })) };
    const billing = { call: jest.fn(async () => ({ balances: [balance] })) };
    const res = await request(appWith({ accounts, billing })).get('/api/user/self').expect(200);
    expect(billing.call).toHaveBeenCalledWith('GetUserBalances', { user_ids: [7] });
    expect(res.body.data).toMatchObject({ id: 7, access_token: 'tok', quota: 1200, used_quota: 40, request_count: 3 });
    expect(res.body.data).toMatchObject({ aff_count: 2, aff_quota: 50, aff_history_quota: 90, aff_code: 'abcd' });
  });

  it('answers a server fault, not a zero balance, when billing knows no balance for the caller', async () => {
    const accounts = { call: jest.fn(async () => ({ user: { id: '7' } })) };
    const billing = { call: jest.fn(async () => ({ balances: [] })) };
    const res = await request(appWith({ accounts, billing })).get('/api/user/self').expect(500);
    expect(res.body.success).toBe(false);
  });
});
