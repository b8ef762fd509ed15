// What a request that is not served costs: an unpriced model is refused before anything is
// reserved; an upstream failure charges nothing and its reservation — held per request or taken
// from a quota lease — comes back, so quota + used_quota + open reservations never moves.
import { APIError, BadRequestError, InternalServerError, PermissionDeniedError } from 'openai';
import { eventually } from '../support/relay-fixtures';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const messages = [{ role: 'user' as const, content: 'Say hello.' }];

describe('refused and failed requests are not charged', () => {
  let stack: RelayStack;

  const failure = (apiKey: string, model: string) => stack.chatError(apiKey, model);

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'test-model': 2 }),
      CompletionRatio: JSON.stringify({ 'test-model': 3 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      RetryTimes: '0',
    });
    await stack.seedChannel({ baseUrl: stack.fake.url, models: ['test-model', 'unpriced-model'] });
    const probe = await stack.userWithToken(1_000);
    await stack.waitForModels(probe.apiKey, ['test-model', 'unpriced-model']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('a model without price or ratio is refused with 400 model_price_error; nothing is reserved', async () => {
    const user = await stack.userWithToken(100_000_000);
    const error = await failure(user.apiKey, 'unpriced-model');
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'model_price_error' });
    expect(error.message).toContain('unpriced-model');
    expect(stack.fake.requests).toEqual([]);
    expect(await stack.balances(user.userId)).toEqual({ quota: 100_000_000, usedQuota: 0, requestCount: 0, reserved: 0 });
    expect(await stack.consumeLogs(user.userId)).toEqual([]);
  });

  it('an upstream 500 on a small balance (reserved per request) refunds the reservation at once', async () => {
    // 5000 is too little for a lease (a quarter of it is under twice the estimate): the request
    // reserves its own estimate, which the failure gives back before the answer goes out.
    const user = await stack.userWithToken(5_000);
    stack.fake.program({ model: 'test-model' }, { error: 'server_error' }, { times: 1 });
    const error = await failure(user.apiKey, 'test-model');
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(500);
    expect(stack.fake.requests).toHaveLength(1);

    const rows = await stack.sql(`SELECT status, amount FROM quota_reservations WHERE user_id = $1`, [user.userId]);
    expect(rows.map((r) => r.status)).toEqual(['released']);
    expect(Number(rows[0].amount)).toBeGreaterThan(0);
    expect(await stack.balances(user.userId)).toEqual({ quota: 5_000, usedQuota: 0, requestCount: 0, reserved: 0 });

    // The balance still serves a request afterwards, charged exactly: (P + 6 × 3) × 2.
    stack.fake.program({ model: 'test-model' }, { promptTokens: 4, completionTokens: 6 }, { times: 1 });
    await stack.openai(user.apiKey).chat.completions.create({ model: 'test-model', messages });
    const [log] = await stack.waitForLogs(user.userId, 1);
    expect(log!.quota).toBe((4 + 6 * 3) * 2);
    expect(await eventually(async () => (await stack.balances(user.userId)).reserved === 0)).toBe(true);
    expect(await stack.balances(user.userId)).toEqual({ quota: 5_000 - 44, usedQuota: 44, requestCount: 1, reserved: 0 });
  });

  it('a 200 whose body is an error is not a success: nothing is billed', async () => {
    const user = await stack.userWithToken(5_000);
    stack.fake.program(
      { model: 'test-model' },
      { body: { error: { message: 'hidden failure', type: 'server_error', param: null, code: null } } },
      { times: 1 },
    );
    const error = await failure(user.apiKey, 'test-model');
    expect(error.status).toBeGreaterThanOrEqual(500);
    expect(error.message).toContain('hidden failure');
    expect(await stack.balances(user.userId)).toEqual({ quota: 5_000, usedQuota: 0, requestCount: 0, reserved: 0 });
    expect(await stack.consumeLogs(user.userId)).toEqual([]);
  });

  it('a request whose estimate the balance cannot cover is refused 403 before the upstream', async () => {
    const poor = await stack.userWithToken(5_000);
    const tooBig = (await stack
      .openai(poor.apiKey)
      .chat.completions.create({ model: 'test-model', messages, max_tokens: 100_000 })
      .catch((e: unknown) => e)) as APIError;
    expect(tooBig).toBeInstanceOf(PermissionDeniedError);
    expect(tooBig).toMatchObject({ status: 403, code: 'insufficient_user_quota' });
    expect(tooBig.message).toMatch(/user quota: 5000, need quota: \d{6}/);

    // A limited token below the estimate: (P + 1000) × 2 > 1500.
    const capped = await stack.userWithToken(100_000_000, { unlimited: false, remainQuota: 1_500 });
    const overToken = (await stack
      .openai(capped.apiKey)
      .chat.completions.create({ model: 'test-model', messages, max_tokens: 1_000 })
      .catch((e: unknown) => e)) as APIError;
    expect(overToken).toBeInstanceOf(PermissionDeniedError);
    expect(overToken).toMatchObject({ status: 403, code: 'pre_consume_token_quota_failed' });

    expect(stack.fake.requests).toEqual([]);
    expect(await stack.balances(poor.userId)).toEqual({ quota: 5_000, usedQuota: 0, requestCount: 0, reserved: 0 });
    expect((await stack.balances(capped.userId)).reserved).toBe(0);
    const [token] = await stack.sql(`SELECT remain_quota, used_quota FROM tokens WHERE id = $1`, [capped.id]);
    expect([Number(token.remain_quota), Number(token.used_quota)]).toEqual([1_500, 0]);
  });

  it('a client that leaves before the answer aborts the upstream call and pays nothing', async () => {
    const user = await stack.userWithToken(5_000);
    stack.fake.program({ model: 'test-model' }, { latencyMs: 3_000 }, { times: 1 });
    const controller = new AbortController();
    const pending = fetch(`${stack.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages }),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(await eventually(() => stack.fake.requests.length === 1, 3_000)).toBe(true);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });

    expect(await eventually(() => stack.fake.requests[0]!.outcome === 'client-aborted', 3_000)).toBe(true);
    expect(await eventually(async () => (await stack.balances(user.userId)).reserved === 0, 3_000)).toBe(true);
    expect(await stack.balances(user.userId)).toEqual({ quota: 5_000, usedQuota: 0, requestCount: 0, reserved: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stack.consumeLogs(user.userId)).toEqual([]);
  });

  it('failures between successes on a leased balance: only successes are charged; the lease is returned', async () => {
    const initial = 100_000_000;
    const tokenInitial = 50_000;
    const user = await stack.userWithToken(initial, { unlimited: false, remainQuota: tokenInitial });
    const token = async () => {
      const [row] = await stack.sql(`SELECT remain_quota, used_quota FROM tokens WHERE id = $1`, [user.id]);
      return { remain: Number(row.remain_quota), used: Number(row.used_quota) };
    };
    const invariant = async () => {
      const balances = await stack.balances(user.userId);
      expect(balances.quota + balances.usedQuota + balances.reserved).toBe(initial);
      const t = await token();
      expect(t.remain + t.used).toBe(tokenInitial);
      return balances;
    };

    stack.fake.program({ model: 'test-model' }, { promptTokens: 10, completionTokens: 5 }, { times: 1 });
    await stack.openai(user.apiKey).chat.completions.create({ model: 'test-model', messages });
    await stack.waitForLogs(user.userId, 1);
    // The request was admitted from a lease: a block larger than its estimate is held.
    const leased = await invariant();
    expect(leased.reserved).toBeGreaterThan(0);

    stack.fake.program({ model: 'test-model' }, { error: 'server_error' }, { times: 3 });
    for (let i = 0; i < 3; i++) expect((await failure(user.apiKey, 'test-model')).status).toBe(500);
    stack.fake.program({ model: 'test-model' }, { promptTokens: 20, completionTokens: 10 }, { times: 1 });
    await stack.openai(user.apiKey).chat.completions.create({ model: 'test-model', messages });

    const logs = await stack.waitForLogs(user.userId, 2);
    expect(logs.map((l) => l.quota)).toEqual([(10 + 5 * 3) * 2, (20 + 10 * 3) * 2]); // 50, 100
    expect(stack.fake.requests).toHaveLength(5);
    const during = await invariant();
    expect([during.usedQuota, during.requestCount]).toEqual([150, 2]);

    // Idle for ~10 s, the lease is released: nothing stays held and the balances are exact.
    expect(await eventually(async () => (await stack.balances(user.userId)).reserved === 0, 20_000)).toBe(true);
    const after = await invariant();
    expect(after).toEqual({ quota: initial - 150, usedQuota: 150, requestCount: 2, reserved: 0 });
    expect(await token()).toEqual({ remain: tokenInitial - 150, used: 150 });
  });
});
