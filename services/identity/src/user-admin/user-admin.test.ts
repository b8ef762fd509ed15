import type { BillingServiceDefinition } from '@modelgate/contracts';
import { BUS_REGISTRY, type ModelgateBusRegistry, type UserChanged } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import {
  createInProcessBus,
  createLogger,
  type GrpcClient,
  type InProcessBus,
  UnavailableError,
} from '@modelgate/runtime';
import type { IdentityContext } from '../identity-context';
import { OptionStore } from '../options/option-store';
import { UserAdmin } from './user-admin';
import { UserAdminStore } from './user-admin-store';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'user-admin-test', level: 'silent' });

/**
 * The identity side of user management on a real database: the events every change announces
 * and the billing calls balance changes make (billing is a recording fake here; the whole-stack
 * tests in tests/api exercise the real one).
 */
describe('UserAdmin', () => {
  let database: MigratedTestDatabase;
  let bus: InProcessBus<ModelgateBusRegistry>;
  let admin: UserAdmin;
  let options: OptionStore;
  const events: UserChanged[] = [];
  const billingCalls: Array<{ method: string; request: Record<string, unknown> }> = [];
  let billingFails = false;
  let rootId: number;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    await bus.subscribe('modelgate.evt.identity.user.changed', (message) => {
      events.push(message.payload);
    });
    options = new OptionStore(database.dataSource, bus, logger);
    await options.load();
    const billing = {
      async call(method: string, request: Record<string, unknown>) {
        if (billingFails) throw new UnavailableError('billing is down');
        billingCalls.push({ method, request });
        if (method === 'SetUserQuota') {
          // Billing sets the balance under its lock and answers the one it found.
          const [row] = await database.dataSource.query(`SELECT quota FROM users WHERE id = $1`, [request.user_id]);
          await database.dataSource.query(`UPDATE users SET quota = $2 WHERE id = $1`, [request.user_id, request.quota]);
          return { previous_quota: String(row.quota), quota: String(request.quota) };
        }
        return { quota: '0' };
      },
    } as unknown as GrpcClient<BillingServiceDefinition>;
    const context = { logger, dataSource: database.dataSource, bus, options, billing } as unknown as IdentityContext;
    admin = new UserAdmin(context);
    rootId = Number((await database.dataSource.query(`SELECT id FROM users WHERE username = 'root'`))[0].id);
  });
  afterAll(async () => {
    await bus?.close();
    await database?.drop();
  });
  beforeEach(() => {
    events.length = 0;
    billingCalls.length = 0;
    billingFails = false;
  });

  /** The events announced so far, once the in-process bus has delivered them. */
  const announced = async (count: number): Promise<UserChanged[]> => {
    const deadline = Date.now() + 2_000;
    while (events.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    return [...events];
  };
  const insert = async (username: string, role = 1, status = 1): Promise<number> =>
    Number(
      (
        await database.dataSource.query(
          `INSERT INTO users (username, display_name, password, role, status, quota)
           VALUES ($1, $1, 'x', $2, $3, 100) RETURNING id`,
          [username, role, status],
        )
      )[0].id,
    );

  it('loads users without reading any of billing\'s balance columns', async () => {
    await database.dataSource.query(
      `UPDATE users SET quota = 7, used_quota = 3, request_count = 2, aff_quota = 5, aff_history_quota = 6 WHERE id = $1`,
      [rootId],
    );
    const store = new UserAdminStore(database.dataSource);
    const found = await store.find(rootId);
    const page = await store.page({ page: 1, pageSize: 100, keyword: '', group: '' });
    for (const user of [found, page.items.find((item) => item.id === rootId)!]) {
      expect(user.username).toBe('root');
      for (const column of ['quota', 'used_quota', 'request_count', 'aff_quota', 'aff_history_quota'] as const) {
        expect(user[column]).toBeUndefined();
      }
    }
  });

  it('announces a created user and grants the new-user quota through billing', async () => {
    await options.update({ QuotaForNewUser: '2500' });
    const user = await admin.create(rootId, { username: 'ua-new', display_name: '', password: 'password1', role: 0 });
    expect(await announced(1)).toEqual([{ userId: Number(user.id), reason: 'created' }]);
    expect(billingCalls).toEqual([
      {
        method: 'AdjustUserQuota',
        request: {
          user_id: Number(user.id),
          delta: 2500,
          log_type: 4,
          log_content: '新用户注册赠送 ＄0.005000 额度',
          log_other: '{"system":{"event":"new_user_gift","quota":2500}}',
          allow_negative: false,
        },
      },
    ]);
  });

  it('keeps a created user when billing cannot grant the new-user quota', async () => {
    billingFails = true;
    const user = await admin.create(rootId, { username: 'ua-poor', display_name: '', password: 'password1', role: 0 });
    expect(user).toMatchObject({ username: 'ua-poor', quota: 0 });
    expect(await announced(1)).toEqual([{ userId: Number(user.id), reason: 'created' }]);
    await options.update({ QuotaForNewUser: '0' });
  });

  it('announces a profile edit and a balance change separately, billing the difference', async () => {
    const id = await insert('ua-edit');
    const { passwordChanged } = await admin.update(rootId, id, { display_name: 'Edited', quota: '40' });
    expect(passwordChanged).toBe(false);
    expect(await announced(2)).toEqual([
      { userId: id, reason: 'updated' },
      { userId: id, reason: 'quota' },
    ]);
    expect(billingCalls[0]).toEqual({ method: 'SetUserQuota', request: { user_id: id, quota: 40 } });
  });

  it('announces nothing and billing writes nothing when an edit changes nothing', async () => {
    const id = await insert('ua-same');
    await admin.update(rootId, id, { username: 'ua-same', display_name: 'ua-same', quota: '100', password: '' });
    expect(await announced(0)).toEqual([]);
    expect(billingCalls).toEqual([{ method: 'SetUserQuota', request: { user_id: id, quota: 100 } }]);
  });

  it('reports a password change (so edge ends the sessions), stores only its hash and revokes the access token', async () => {
    const id = await insert('ua-pw');
    await database.dataSource.query(`UPDATE users SET access_token = 'ua-pw-access-token' WHERE id = $1`, [id]);
    const { passwordChanged } = await admin.update(rootId, id, { password: 'new-password' });
    expect(passwordChanged).toBe(true);
    const [row] = await database.dataSource.query(`SELECT password, access_token FROM users WHERE id = $1`, [id]);
    expect(row.password).toMatch(/^\$2[aby]\$10\$/);
    expect(row.access_token).toBeNull();
    expect(await announced(1)).toEqual([{ userId: id, reason: 'updated' }]);
  });

  it('announces each action with its reason, and no-ops and refusals not at all', async () => {
    const id = await insert('ua-acts');
    await admin.manage(rootId, id, 'USER_ACTION_PROMOTE');
    await admin.manage(rootId, id, 'USER_ACTION_DISABLE');
    await admin.manage(rootId, id, 'USER_ACTION_DISABLE');
    await expect(admin.manage(rootId, id, 'USER_ACTION_PROMOTE')).rejects.toThrow('该用户已经是管理员');
    await admin.manage(rootId, id, 'USER_ACTION_DELETE');
    expect(await announced(3)).toEqual([
      { userId: id, reason: 'role' },
      { userId: id, reason: 'status' },
      { userId: id, reason: 'deleted' },
    ]);
  });

  it('reads the actor itself: a banned, deleted, demoted or unknown admin is refused', async () => {
    const target = await insert('ua-target');
    const bannedAdmin = await insert('ua-banned', 10, 2);
    const demoted = await insert('ua-common', 1);
    const deletedAdmin = await insert('ua-deleted', 10);
    await database.dataSource.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [deletedAdmin]);
    for (const actor of [bannedAdmin, demoted, deletedAdmin, 999_999]) {
      await expect(admin.manage(actor, target, 'USER_ACTION_DISABLE')).rejects.toThrow('无权进行此操作，权限不足');
      await expect(admin.get(actor, target)).rejects.toThrow('无权进行此操作，权限不足');
    }
    expect(await announced(0)).toEqual([]);
  });

  it('applies two admins acting on one user at once one after the other', async () => {
    const id = await insert('ua-race');
    const results = await Promise.allSettled([
      admin.manage(rootId, id, 'USER_ACTION_PROMOTE'),
      admin.manage(rootId, id, 'USER_ACTION_PROMOTE'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await announced(1)).toEqual([{ userId: id, reason: 'role' }]);
  });
});
