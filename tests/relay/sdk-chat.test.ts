// The official OpenAI SDK against the whole stack: chat completions (whole and streamed), the
// model list, and admin channel pinning with `sk-KEY-CHANNELID`.
import { NotFoundError, PermissionDeniedError } from 'openai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const DEFAULT_TEXT = 'Hello from the fake upstream.';
/** The fake streams the default text word by word and reports one completion token per chunk. */
const DEFAULT_CHUNKS = 6;

describe('OpenAI SDK: chat, streaming, models, channel pinning', () => {
  let stack: RelayStack;
  let user: { userId: number; apiKey: string };
  let limited: { userId: number; apiKey: string };
  let admin: { userId: number; apiKey: string };
  let pinHigh: number;
  let pinLow: number;

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'test-model': 2, 'other-model': 1, 'pinned-model': 1, 'vip-model': 1 }),
      CompletionRatio: JSON.stringify({ 'test-model': 3 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
    });
    await stack.seedChannel({ baseUrl: stack.fake.url, key: 'sk-chan-a', models: ['test-model', 'other-model'] });
    await stack.seedChannel({ baseUrl: stack.fake.url, key: 'sk-chan-vip', models: ['vip-model'], groups: ['vip'] });
    pinHigh = await stack.seedChannel({ baseUrl: stack.fake.url, key: 'sk-pin-high', models: ['pinned-model'], priority: 10 });
    pinLow = await stack.seedChannel({ baseUrl: stack.fake.url, key: 'sk-pin-low', models: ['pinned-model'], priority: 0 });
    user = await stack.userWithToken(100_000_000);
    limited = await stack.userWithToken(100_000_000, { modelLimits: ['other-model'] });
    admin = await stack.userWithToken(100_000_000, {}, { role: 10 });
    await stack.waitForModels(user.apiKey, ['test-model', 'other-model', 'pinned-model']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('passes a non-streaming answer through byte for byte, usage included', async () => {
    // Odd spacing, key order and an unknown field: a re-serialising gateway would change them.
    const upstreamBody =
      '{"id":"chatcmpl-verbatim", "object":"chat.completion","created":1700000000,"model":"test-model",' +
      '"choices":[{"index":0,"message":{"role":"assistant","content":"verbatim  answer"},"finish_reason":"stop"}],' +
      '"usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13},  "x_vendor_field": {"kept": true}}';
    stack.fake.program({ path: '/v1/chat/completions', model: 'test-model' }, { body: upstreamBody }, { times: 2 });
    const client = stack.openai(user.apiKey);
    const request = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Say hello.' }] };

    const completion = await client.chat.completions.create(request);
    expect(completion).toEqual(JSON.parse(upstreamBody));
    expect(completion.choices[0]!.message.content).toBe('verbatim  answer');
    expect(completion.usage).toEqual({ prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 });

    const raw = await client.chat.completions.create(request).asResponse();
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await raw.text()).toBe(upstreamBody);

    // The upstream got the channel's key, never the client's token.
    expect(stack.fake.requests.map((r) => [r.model, r.apiKey])).toEqual([
      ['test-model', 'sk-chan-a'],
      ['test-model', 'sk-chan-a'],
    ]);
    // Billed from the upstream's usage: (9 + 4 × 3) × 2 = 42 each.
    const logs = await stack.waitForLogs(user.userId, 2);
    expect(logs.map((l) => [l.model, l.promptTokens, l.completionTokens, l.quota, l.isStream])).toEqual([
      ['test-model', 9, 4, 42, false],
      ['test-model', 9, 4, 42, false],
    ]);
  });

  it("answers with the gateway's X-Request-Id (the consume log's key), even when the upstream sends its own", async () => {
    stack.fake.program({ model: 'test-model' }, { headers: { 'x-request-id': 'req_upstream_1234' } }, { times: 2 });
    const client = stack.openai(user.apiKey);
    const before = (await stack.consumeLogs(user.userId)).length;
    const whole = await client.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    const streamed = await client.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], stream: true })
      .withResponse();
    for await (const chunk of streamed.data) expect(chunk.object).toBe('chat.completion.chunk');
    const logs = (await stack.waitForLogs(user.userId, before + 2)).slice(before);
    expect([whole.response.headers.get('x-request-id'), streamed.response.headers.get('x-request-id')]).toEqual(
      logs.map((l) => l.requestId),
    );
  });

  it('streams chunks; without include_usage the client never sees the usage chunk the upstream was asked for', async () => {
    const before = (await stack.consumeLogs(user.userId)).length;
    const stream = await stack.openai(user.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Say hello.' }],
      stream: true,
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe(DEFAULT_TEXT);
    expect(chunks.filter((c) => c.choices.length === 0)).toEqual([]);
    expect(chunks.filter((c) => c.usage)).toEqual([]);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    // The gateway asked the upstream for usage anyway, to bill from it.
    expect(stack.fake.requests).toHaveLength(1);
    expect(stack.fake.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const logs = await stack.waitForLogs(user.userId, before + 1);
    expect(logs.at(-1)).toMatchObject({ isStream: true, completionTokens: DEFAULT_CHUNKS, model: 'test-model' });
    expect(logs.at(-1)!.quota).toBe((logs.at(-1)!.promptTokens + DEFAULT_CHUNKS * 3) * 2);
  });

  it('streams the usage-only chunk last when the client asks for include_usage', async () => {
    const stream = await stack.openai(user.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Say hello.' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe(DEFAULT_TEXT);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ completion_tokens: DEFAULT_CHUNKS });
    expect(chunks.slice(0, -1).filter((c) => c.usage)).toEqual([]);
    expect(stack.fake.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('lists the models of the token group, or exactly the model limits of a limited token', async () => {
    const models = await stack.openai(user.apiKey).models.list();
    expect(models.data.map((m) => m.id)).toEqual(['other-model', 'pinned-model', 'test-model']);
    expect(models.data[0]).toMatchObject({ object: 'model', id: 'other-model' });

    const limitedModels = await stack.openai(limited.apiKey).models.list();
    expect(limitedModels.data.map((m) => m.id)).toEqual(['other-model']);
  });

  it('retrieves a usable model and answers 404 NotFoundError for one the token cannot use', async () => {
    const model = await stack.openai(user.apiKey).models.retrieve('test-model');
    expect(model).toMatchObject({ id: 'test-model', object: 'model' });

    // Served, but only in the vip group.
    const vip = await stack.openai(user.apiKey).models.retrieve('vip-model').catch((e: unknown) => e);
    expect(vip).toBeInstanceOf(NotFoundError);
    expect(vip).toMatchObject({ status: 404, code: 'model_not_found' });
    // Served in the token's group, but outside its model limits.
    const outside = await stack.openai(limited.apiKey).models.retrieve('test-model').catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(NotFoundError);
    expect(stack.fake.requests).toEqual([]);
  });

  it('lets an admin pin a channel with sk-KEY-CHANNELID; the request lands on that channel', async () => {
    const messages = [{ role: 'user' as const, content: 'Say hello.' }];
    const requestIds: Array<string | null> = [];
    for (const apiKey of [admin.apiKey, `${admin.apiKey}-${pinLow}`, `${admin.apiKey}-${pinHigh}`]) {
      const { response } = await stack.openai(apiKey).chat.completions.create({ model: 'pinned-model', messages }).withResponse();
      requestIds.push(response.headers.get('x-request-id'));
    }
    // Unpinned: the top priority tier; pinned: the channel named, even the lower tier.
    expect(stack.fake.requests.map((r) => r.apiKey)).toEqual(['sk-pin-high', 'sk-pin-low', 'sk-pin-high']);
    // Each request's log names its channel (billing may settle them in any order).
    const logs = await stack.waitForLogs(admin.userId, 3);
    const channelOf = new Map(logs.map((l) => [l.requestId, l.channelId]));
    expect(requestIds.map((id) => channelOf.get(id!))).toEqual([pinHigh, pinLow, pinHigh]);
  });

  it('refuses a pinned channel to an ordinary user with 403 PermissionDeniedError', async () => {
    const error = await stack
      .openai(`${user.apiKey}-${pinLow}`)
      .chat.completions.create({ model: 'pinned-model', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'channel_pin_forbidden' });
    expect(stack.fake.requests).toEqual([]);
  });
});
