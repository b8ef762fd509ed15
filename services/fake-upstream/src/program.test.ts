import { type FakeUpstream, startFakeUpstream } from './server';
import { chat, post } from './test-helpers.test-support';

type Json = Record<string, any>;

describe('fake upstream: programmed rules and the request log', () => {
  let fake: FakeUpstream;

  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const chatAs = (key: string, model = 'gpt-4o', headers: Record<string, string> = {}) =>
    post(fake, '/v1/chat/completions', chat(model), { authorization: `Bearer ${key}`, ...headers });

  it('tells channels apart by API key and fails only the programmed one', async () => {
    const broken = fake.program({ apiKey: 'sk-channel-2' }, { error: 'server_error' });
    expect((await chatAs('sk-channel-1')).status).toBe(200);
    expect((await chatAs('sk-channel-2')).status).toBe(500);
    expect((await chatAs('sk-channel-2')).status).toBe(500);
    expect((await chatAs('sk-channel-3')).status).toBe(200);
    expect(broken.hits).toBe(2);
    expect(broken.remaining).toBe(Infinity);
    const keys = fake.requests.map((r) => r.apiKey);
    expect(keys).toEqual(['sk-channel-1', 'sk-channel-2', 'sk-channel-2', 'sk-channel-3']);
  });

  it('matches Azure api-key headers and deployments', async () => {
    fake.program({ apiKey: 'azure-key', deployment: 'prod' }, { status: 429 });
    const azure = (deployment: string) =>
      post(fake, `/openai/deployments/${deployment}/chat/completions?api-version=2024-10-21`, chat(), {
        'api-key': 'azure-key',
      });
    expect((await azure('prod')).status).toBe(429);
    expect((await azure('staging')).status).toBe(200);
  });

  it('retires a rule after its times and falls through to the next', async () => {
    const first = fake.program({ path: '/v1/chat/completions' }, { error: 'rate_limit' }, { times: 2 });
    fake.program({ model: /^gpt-4o/ }, { text: 'second rule' });
    expect((await chatAs('k')).status).toBe(429);
    expect((await chatAs('k')).status).toBe(429);
    expect(first.remaining).toBe(0);
    const third = (await (await chatAs('k', 'gpt-4o-mini')).json()) as Json;
    expect(third.choices[0].message.content).toBe('second rule');
    const unmatched = (await (await chatAs('k', 'o1')).json()) as Json;
    expect(unmatched.choices[0].message.content).toBe('Hello from the fake upstream.');
  });

  it('applies the first matching rule, by method, path, model and predicate', async () => {
    fake.program({ method: 'get', path: /^\/v1\/models/ }, { status: 503 });
    fake.program({ model: 'gpt-4o', where: (r) => (r.body as Json).temperature === 0 }, { text: 'cold' });
    fake.program(() => true, { text: 'catch-all' });
    expect((await fetch(`${fake.url}/v1/models`)).status).toBe(503);
    const cold = (await (await post(fake, '/v1/chat/completions', chat('gpt-4o', { temperature: 0 }))).json()) as Json;
    expect(cold.choices[0].message.content).toBe('cold');
    const warm = (await (await post(fake, '/v1/chat/completions', chat('gpt-4o', { temperature: 1 }))).json()) as Json;
    expect(warm.choices[0].message.content).toBe('catch-all');
  });

  it('computes a behaviour per request from a function', async () => {
    fake.program({ path: '/v1/chat/completions' }, (r) => ({ text: `you are #${r.seq} using ${r.model}` }));
    const body = (await (await chatAs('k', 'gpt-4o-mini')).json()) as Json;
    expect(body.choices[0].message.content).toMatch(/^you are #\d+ using gpt-4o-mini$/);
  });

  it('answers 400 instead of crashing when a rule function throws', async () => {
    fake.program({}, () => {
      throw new Error('bad rule');
    });
    const res = await chatAs('k');
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toMatchObject({
      code: 'fake_upstream_misprogrammed',
      message: 'fake-upstream: a programmed rule threw: bad rule',
    });
  });

  it('merges a rule with the request headers, the rule winning', async () => {
    fake.program({}, { text: 'from the rule', headers: { 'x-upstream-channel': 'two' } });
    const res = await chatAs('k', 'gpt-4o', { 'x-fake-text': 'from the header', 'x-fake-prompt-tokens': '42' });
    expect(res.headers.get('x-upstream-channel')).toBe('two');
    const body = (await res.json()) as Json;
    expect(body.choices[0].message.content).toBe('from the rule');
    expect(body.usage.prompt_tokens).toBe(42);
  });

  it('cancels a rule, and reset forgets rules and the log', async () => {
    const rule = fake.program({}, { status: 500 });
    rule.cancel();
    expect((await chatAs('k')).status).toBe(200);
    fake.program({}, { status: 500 });
    const log = fake.requests;
    fake.reset();
    expect(log).toHaveLength(0);
    expect((await chatAs('k')).status).toBe(200);
    expect(fake.requests).toBe(log);
    expect(() => fake.program({}, {}, { times: 0 })).toThrow(RangeError);
  });

  it('records method, path, headers, key and parsed body of every request', async () => {
    await chatAs('sk-abc', 'gpt-4o', { 'x-trace': 'yes' });
    await fetch(`${fake.url}/v1/models?limit=5`, { headers: { 'x-api-key': 'anthropic-style' } });
    await post(fake, '/v1/chat/completions', 'not json', { 'content-type': 'text/plain' });
    const [first, second, third] = fake.requests;
    expect(first).toMatchObject({
      seq: expect.any(Number),
      method: 'POST',
      url: '/v1/chat/completions',
      path: '/v1/chat/completions',
      apiKey: 'sk-abc',
      model: 'gpt-4o',
      stream: false,
      outcome: 'completed',
      body: chat('gpt-4o'),
    });
    expect(first!.headers.authorization).toBe('Bearer sk-abc');
    expect(first!.headers['x-trace']).toBe('yes');
    expect(Math.abs(first!.receivedAt - Date.now())).toBeLessThan(5_000);
    expect(second).toMatchObject({
      method: 'GET',
      path: '/v1/models',
      query: { limit: '5' },
      apiKey: 'anthropic-style',
      body: undefined,
    });
    expect(third!.body).toBe('not json');
    expect(second!.seq).toBe(first!.seq + 1);
  });

  it('keeps at most maxRecorded requests, and none when not recording, while rules still apply', async () => {
    const capped = await startFakeUpstream({ maxRecorded: 2 });
    const silent = await startFakeUpstream({ record: false });
    try {
      for (let i = 0; i < 3; i++) await post(capped, '/v1/chat/completions', chat(`m${i}`));
      expect(capped.requests.map((r) => r.model)).toEqual(['m1', 'm2']);

      silent.program({ apiKey: 'bad' }, { error: 'invalid_api_key' });
      const res = await post(silent, '/v1/chat/completions', chat(), { authorization: 'Bearer bad' });
      expect(res.status).toBe(401);
      expect((await post(silent, '/v1/chat/completions', chat())).status).toBe(200);
      expect(silent.requests).toHaveLength(0);
    } finally {
      await capped.close();
      await silent.close();
    }
  });
});

describe('fake upstream: idle keep-alive connections', () => {
  it('closes the connections idle at the moment it is asked to, as a balancer timing out does', async () => {
    const { Agent, request } = await import('node:http');
    const fake = await startFakeUpstream();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = () =>
      new Promise<{ status: number; socketClosed: Promise<void> }>((resolve, reject) => {
        const req = request(`${fake.url}/v1/chat/completions`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          const socket = req.socket!;
          res.on('end', () => resolve({ status: res.statusCode!, socketClosed: new Promise((done) => socket.once('close', () => done())) }));
        });
        req.on('error', reject);
        req.end(JSON.stringify(chat()));
      });
    try {
      const first = await call();
      expect(first.status).toBe(200);
      fake.closeIdleConnections();
      await first.socketClosed; // the pooled socket is gone: the next call needs a new one
      expect((await call()).status).toBe(200);
      expect(fake.requests).toHaveLength(2);
    } finally {
      agent.destroy();
      await fake.close();
    }
  });
});
