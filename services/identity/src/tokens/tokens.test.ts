import type { BillingServiceDefinition } from '@modelgate/contracts';
import type { MessageBus, TokenChanged } from '@modelgate/contracts/bus';
import { createLogger, type GrpcClient, UnavailableError } from '@modelgate/runtime';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import type { IdentityContext } from '../identity-context';
import { type NewTokensInput, TokenManager } from './tokens';

jest.setTimeout(60_000);

const EXHAUSTED = '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度';

const newTokens = (fields: Partial<NewTokensInput> = {}): NewTokensInput => ({
  name: 'tok',
  count: 1,
  expired_time: '-1',
  remain_quota: '1000',
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
  group: '',
  ...fields,
});

/**
 * Identity's side of token management on a real database, with billing as an in-memory fake
 * holding the budgets: identity never reads or writes a balance column, it asks billing (the
 * whole-stack tests in tests/api exercise the real one).
 */
describe('TokenManager and billing', () => {
  let database: MigratedTestDatabase;
  let tokens: TokenManager;
  let userId: number;
  const events: TokenChanged[] = [];
  const calls: Array<{ method: string; request: Record<string, any> }> = [];
  /** Billing's budgets by token id. */
  const budgets = new Map<string, number>();
  let billingFails = false;

  beforeAll(async () => {
    database = await createTestDatabase();
    const billing = {
      async call(method: string, request: Record<string, any>) {
        calls.push({ method, request });
        if (billingFails) throw new UnavailableError('billing is down');
        if (method === 'GetTokenBalances') {
          return { balances: request.token_ids.map((id: number) => ({ token_id: String(id), remain_quota: String(budgets.get(String(id)) ?? 0), used_quota: '0' })) };
        }
        if (method === 'SetTokenBudget') {
          const changed = request.token_ids.map(String).filter((id: string) => (budgets.get(id) ?? 0) !== request.remain_quota);
          for (const id of changed) budgets.set(id, request.remain_quota);
          // Billing announces what it changed, with the caller's reason.
          if (changed.length > 0) events.push({ tokenIds: changed.map(Number), userId, reason: `billing:${request.reason}` });
          return { balances: [], changed_token_ids: changed };
        }
        throw new Error(`unexpected ${method}`);
      },
    } as unknown as GrpcClient<BillingServiceDefinition>;
    const bus = { publish: async (_subject: string, payload: TokenChanged) => void events.push(payload) } as unknown as MessageBus;
    const context = { logger: createLogger({ service: 'tokens-test', level: 'silent' }), dataSource: database.dataSource, bus, billing };
    tokens = new TokenManager(context as unknown as IdentityContext);
    userId = Number((await database.dataSource.query(`INSERT INTO users (username, password) VALUES ('owner', 'x') RETURNING id`))[0].id);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    events.length = 0;
    calls.length = 0;
    billingFails = false;
  });

  const storedBalances = async (): Promise<unknown[]> =>
    database.dataSource.query(`SELECT remain_quota, used_quota FROM tokens WHERE user_id = $1 AND remain_quota <> 0`, [userId]);

  it('creates a batch with no budget of its own and has billing set it, announcing the batch once', async () => {
    const created = await tokens.create(userId, newTokens({ name: 'batch', count: 3, remain_quota: '700' }));
    const ids = created.map((token) => token.id as number);
    expect(created[0]).not.toHaveProperty('remain_quota');
    expect(calls).toEqual([{ method: 'SetTokenBudget', request: { token_ids: ids, remain_quota: 700, reason: 'created' } }]);
    expect(events).toEqual([{ tokenIds: ids, userId, reason: 'billing:created' }]);
    expect(await storedBalances()).toEqual([]);
  });

  it('announces a batch with no budget itself, without asking billing', async () => {
    const [token] = await tokens.create(userId, newTokens({ name: 'free', remain_quota: '0', unlimited_quota: true }));
    expect(calls).toEqual([]);
    expect(events).toEqual([{ tokenIds: [token!.id], userId, reason: 'created' }]);
  });

  it('leaves no token behind and announces nothing when billing cannot set the budget', async () => {
    billingFails = true;
    await expect(tokens.create(userId, newTokens({ name: 'doomed', count: 2 }))).rejects.toBeInstanceOf(UnavailableError);
    expect(await database.dataSource.query(`SELECT id FROM tokens WHERE name LIKE 'doomed%'`)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('sends an edit\'s budget to billing after the metadata, announcing the edit once', async () => {
    const [token] = await tokens.create(userId, newTokens({ name: 'edit', remain_quota: '100' }));
    const id = token!.id as number;
    events.length = 0;
    calls.length = 0;
    await tokens.update(userId, id, { name: 'edited', remain_quota: '900' });
    expect(calls).toEqual([{ method: 'SetTokenBudget', request: { token_ids: [id], remain_quota: 900, reason: 'updated' } }]);
    expect(events).toEqual([{ tokenIds: [id], userId, reason: 'billing:updated' }]);
    // The figure billing holds sent back: billing changes nothing, identity announces the rename.
    events.length = 0;
    await tokens.update(userId, id, { name: 'again', remain_quota: '900' });
    expect(events).toEqual([{ tokenIds: [id], userId, reason: 'updated' }]);
    // Billing down: the metadata stays edited (and announced), the error is answered.
    events.length = 0;
    billingFails = true;
    await expect(tokens.update(userId, id, { name: 'third', remain_quota: '5' })).rejects.toBeInstanceOf(UnavailableError);
    expect((await tokens.get(userId, id)).name).toBe('third');
    expect(events).toEqual([{ tokenIds: [id], userId, reason: 'updated' }]);
    expect(budgets.get(String(id))).toBe(900);
  });

  it('judges enabling on billing\'s figure', async () => {
    const [token] = await tokens.create(userId, newTokens({ name: 'spent', remain_quota: '10' }));
    const id = token!.id as number;
    await tokens.setStatus(userId, id, 2);
    budgets.set(String(id), 0);
    await expect(tokens.setStatus(userId, id, 1)).rejects.toThrow(EXHAUSTED);
    await expect(tokens.update(userId, id, { status: 1 })).rejects.toThrow(EXHAUSTED);
    // An edit giving it a budget enables it; billing sets that budget.
    expect((await tokens.update(userId, id, { status: 1, remain_quota: '50' })).status).toBe(1);
    expect(budgets.get(String(id))).toBe(50);
    await tokens.setStatus(userId, id, 2);
    expect((await tokens.setStatus(userId, id, 1)).status).toBe(1);
  });
});
