// Upstream resilience through the whole stack, with the official OpenAI SDK as the client: the
// circuit breaker moves traffic off a failing channel with no client error and closes again after
// a successful half-open probe (its state shown on /api and announced on the bus); a pooled
// connection the upstream dropped, closed or lost in a restart is never the client's error nor
// the channel's failure; a channel that cannot be connected to gives way to the next whatever
// RetryTimes says; the provider's Retry-After reaches the client on a 429 and parks the
// channel; a provider rejecting the gateway's key is a 502, not the client's invalid key; a
// stream cut mid-way ends with an error chunk and is charged for what was delivered.
import { randomBytes } from 'node:crypto';
import type { ChannelCircuit } from '@modelgate/contracts/bus';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { APIError } from 'openai';
import type { ApiClient } from '../support/api-client';
import { eventually } from '../support/relay-fixtures';
import { inBatches } from '../support/relay-processes';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(60_000);

const MODELS = ['mg-cb', 'mg-stale', 'mg-restart', 'mg-429', 'mg-edit', 'mg-401', 'mg-cut', 'mg-refused'] as const;
const HELLO = [{ role: 'user' as const, content: 'Say hello.' }];

describe('upstream resilience', () => {
  let stack: RelayStack;
  let root: ApiClient;
  let user: Awaited<ReturnType<RelayStack['userWithToken']>>;
  const circuitEvents: ChannelCircuit[] = [];

  const channel = async (model: string, baseUrl = stack.fake.url) => {
    const key = `sk-${model}-${randomBytes(3).toString('hex')}`;
    const id = await stack.seedChannel({ baseUrl, key, models: [model] });
    return { id, key };
  };
  const hitsOf = (key: string) => stack.fake.requests.filter((r) => r.apiKey === key).length;
  const circuitOf = async (id: number) => {
    const res = await root.request<{ circuit: { state: string; reason: string; retry_at: number; consecutive_failures: number } }>(
      'GET',
      `/api/channel/${id}`,
    );
    expect(res.body.success).toBe(true);
    return res.body.data!.circuit;
  };
  const ask = (model: string, apiKey = user.apiKey) =>
    stack
      .openai(apiKey)
      .chat.completions.create({ model, messages: HELLO })
      .then(
        () => 200,
        (error: unknown) => (error instanceof APIError ? (error.status ?? 0) : -1),
      );

  beforeAll(async () => {
    stack = await startRelayStack({ CIRCUIT_BREAKER_FAILURES: '2', CIRCUIT_BREAKER_COOLDOWN: '1' });
    await stack.setOptions({ ModelRatio: JSON.stringify(Object.fromEntries(MODELS.map((m) => [m, 1]))), RetryTimes: '1' });
    root = await stack.api.root();
    user = await stack.userWithToken(1_000_000_000);
    await stack.api.stack.bus.subscribe('modelgate.evt.relay.channel.circuit', (message) => {
      circuitEvents.push(message.payload);
    });
  });

  afterAll(() => stack?.stop());

  it('opens the breaker of a failing channel, moves traffic to the healthy one with no client error, and closes it after a good probe', async () => {
    const sick = await channel('mg-cb');
    const healthy = await channel('mg-cb');
    const failing = stack.fake.program({ apiKey: sick.key }, { error: 'server_error' });
    const me = await stack.userWithToken(1_000_000_000);
    await stack.waitForModels(me.apiKey, ['mg-cb']);
    let answered = 0;
    const call = async () => {
      const status = await ask('mg-cb', me.apiKey);
      if (status === 200) answered++;
      return status;
    };

    const statuses = await inBatches(40, 4, call);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Two failures open it; after that the sick channel sees only the probes of each cool-down
    // (1 s, doubling), where without a breaker about half of the 40 would have gone to it.
    expect(hitsOf(sick.key)).toBeGreaterThanOrEqual(2);
    expect(hitsOf(sick.key)).toBeLessThan(10);
    const open = await circuitOf(sick.id);
    expect(['open', 'half-open']).toContain(open.state);
    expect(open.reason).toMatch(/^500 /);
    expect(await circuitOf(healthy.id)).toMatchObject({ state: 'closed', reason: '' });
    expect(circuitEvents).toContainEqual(expect.objectContaining({ channelId: sick.id, state: 'open' }));

    // The upstream recovers: a probe after the cool-down closes the breaker and traffic returns.
    failing.cancel();
    const closed = await eventually(async () => {
      expect(await call()).toBe(200);
      return (await circuitOf(sick.id)).state === 'closed';
    }, 20_000);
    expect(closed).toBe(true);
    expect(circuitEvents).toContainEqual(expect.objectContaining({ channelId: sick.id, state: 'closed' }));
    const before = hitsOf(sick.key);
    expect((await inBatches(20, 4, call)).every((status) => status === 200)).toBe(true);
    expect(hitsOf(sick.key)).toBeGreaterThan(before);

    // Nothing lost, nothing charged twice: one consume log per answered request, all settled.
    const logs = await stack.waitForLogs(me.userId, answered);
    expect(logs).toHaveLength(answered);
    expect(new Set(logs.map((log) => log.requestId)).size).toBe(answered);
    expect(logs.every((log) => log.channelId === sick.id || log.channelId === healthy.id)).toBe(true);
    await eventually(async () => (await stack.balances(me.userId)).reserved === 0);
    const balances = await stack.balances(me.userId);
    expect(balances.usedQuota).toBe(logs.reduce((sum, log) => sum + log.quota, 0));
    expect(balances.requestCount).toBe(answered);
  });

  it('sends a request whose pooled connection was dropped once more on a fresh one, without holding it against the channel', async () => {
    const only = await channel('mg-stale');
    await stack.waitForModels(user.apiKey, ['mg-stale']);
    expect(await ask('mg-stale')).toBe(200); // warms a pooled connection

    // The upstream hangs up on the next request without answering, as on a socket it was closing.
    stack.fake.program({ apiKey: only.key }, { disconnectAfter: 0 }, { times: 1 });
    expect(await ask('mg-stale')).toBe(200);
    expect(stack.fake.requests.filter((r) => r.apiKey === only.key).map((r) => r.outcome)).toEqual(['completed', 'cut', 'completed']);
    expect(await circuitOf(only.id)).toMatchObject({ state: 'closed', consecutive_failures: 0 });

    // Idle connections closed between requests, and under load: waves of concurrent requests
    // with every idle connection closed between them, then drops in the middle of a wave.
    for (let wave = 0; wave < 5; wave++) {
      expect(await inBatches(20, 20, () => ask('mg-stale'))).toEqual(Array.from({ length: 20 }, () => 200));
      stack.fake.closeIdleConnections();
    }
    expect(await inBatches(20, 20, () => ask('mg-stale'))).toEqual(Array.from({ length: 20 }, () => 200));
    const drops = stack.fake.program({ apiKey: only.key }, { disconnectAfter: 0 }, { times: 5 });
    expect(await inBatches(20, 20, () => ask('mg-stale'))).toEqual(Array.from({ length: 20 }, () => 200));
    expect(drops.hits).toBe(5);
    expect(await circuitOf(only.id)).toMatchObject({ state: 'closed', consecutive_failures: 0 });
  });

  it('serves the next request after the upstream restarted between two calls', async () => {
    let own: FakeUpstream = await startFakeUpstream();
    try {
      await channel('mg-restart', own.url);
      await stack.waitForModels(user.apiKey, ['mg-restart']);
      for (let restart = 0; restart < 3; restart++) {
        expect(await ask('mg-restart')).toBe(200);
        const port = own.port;
        await own.close();
        own = await startFakeUpstream({ port });
        expect(await ask('mg-restart')).toBe(200);
      }
    } finally {
      await own.close();
    }
  });

  it("passes the provider's Retry-After on with its 429, parks the channel for it, and tries it anyway when it is the only one", async () => {
    const only = await channel('mg-429');
    await stack.waitForModels(user.apiKey, ['mg-429']);
    stack.fake.program({ apiKey: only.key }, { error: 'rate_limit', headers: { 'retry-after': '7' } }, { times: 1 });
    const started = Date.now();
    const error = await stack.chatError(user.apiKey, 'mg-429');
    expect(error.status).toBe(429);
    expect(error.headers?.get('retry-after')).toBe('7');
    const parked = await circuitOf(only.id);
    expect(parked.state).toBe('open');
    expect(parked.retry_at).toBeGreaterThanOrEqual(started + 7_000);
    // No other channel serves the model: the request is tried rather than refused, and the
    // answer closes the breaker.
    expect(await ask('mg-429')).toBe(200);
    expect(await circuitOf(only.id)).toMatchObject({ state: 'closed' });
  });

  it('starts the breaker of a channel an admin edited over, on every replica through the change event', async () => {
    const edited = await channel('mg-edit');
    await stack.waitForModels(user.apiKey, ['mg-edit']);
    stack.fake.program({ apiKey: edited.key }, { error: 'rate_limit', headers: { 'retry-after': '600' } }, { times: 1 });
    expect(await ask('mg-edit')).toBe(429);
    expect((await circuitOf(edited.id)).state).toBe('open');
    await stack.api.stack.bus.publish('modelgate.evt.config.channel.changed', { channelIds: [edited.id], reason: 'updated' });
    expect(await eventually(async () => (await circuitOf(edited.id)).state === 'closed')).toBe(true);
  });

  it("answers a provider rejecting the gateway's key with 502, never as the client's own invalid key", async () => {
    const only = await channel('mg-401');
    await stack.waitForModels(user.apiKey, ['mg-401']);
    stack.fake.program({ apiKey: only.key }, { error: 'invalid_api_key' });
    const error = await stack.chatError(user.apiKey, 'mg-401');
    expect(error.status).toBe(502);
    expect(error.code).toBe('upstream_auth_failed');
    expect(error.message).toMatch(/rejected the gateway's credentials/);
    expect(error.message).not.toContain(only.key.slice(0, 8));
  });

  it('ends a stream the upstream cut with an error chunk the SDK raises, and charges what was delivered', async () => {
    const cut = await channel('mg-cut');
    const me = await stack.userWithToken(1_000_000_000);
    await stack.waitForModels(me.apiKey, ['mg-cut']);
    stack.fake.program({ model: 'mg-cut' }, { text: 'alpha beta gamma delta', disconnectAfter: 2 }, { times: 1 });
    const stream = await stack.openai(me.apiKey).chat.completions.create({ model: 'mg-cut', messages: HELLO, stream: true });
    let text = '';
    const failure = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    })().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(text).toBe('alpha beta');
    expect(failure).toBeInstanceOf(APIError);
    expect((failure as APIError).message).toMatch(/ended before the answer was complete/);
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log!.isStream).toBe(true);
    expect(log!.completionTokens).toBeGreaterThan(0);
    // The cut counts against the channel, as a failure of the upstream.
    expect(await circuitOf(cut.id)).toMatchObject({ state: 'closed', consecutive_failures: 1 });
  });

  it('moves a request past a channel it cannot connect to, whatever RetryTimes says', async () => {
    await stack.setOptions({ RetryTimes: '0' });
    const me = await stack.userWithToken(1_000_000_000);
    // Nothing listens on port 1: every connection is refused.
    const dead = await stack.seedChannel({ baseUrl: 'http://127.0.0.1:1', models: ['mg-refused'], priority: 10 });
    const alive = await stack.seedChannel({ baseUrl: stack.fake.url, models: ['mg-refused'], priority: 0 });
    await stack.waitForModels(me.apiKey, ['mg-refused']);
    expect(await inBatches(5, 1, () => ask('mg-refused', me.apiKey))).toEqual([200, 200, 200, 200, 200]);
    const logs = await stack.waitForLogs(me.userId, 5);
    expect(logs.map((log) => log.channelId)).toEqual([alive, alive, alive, alive, alive]);
    // The first went to the dead channel first; once its breaker opened, the others went straight on.
    expect(logs[0]!.other.admin_info.use_channel).toEqual([String(dead), String(alive)]);
    expect(logs.at(-1)!.other.admin_info.use_channel).toEqual([String(alive)]);
  });
});
