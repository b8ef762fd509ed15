// The official Anthropic SDK against the whole stack, to a Claude channel (type 14): the identity
// path. Messages whole and streamed (the SDK's event order, `finalMessage()`), tools with streamed
// input and a `tool_result` turn, images, thinking, token counting, the model list, what the
// gateway adds on the way (anthropic-version and -beta, `claude.*` options, model mapping, the
// thinking adapter), every error class the SDK raises, mid-stream errors, cut and abandoned
// streams, and the exact quota of each — Claude's formula with cache reads and writes.
import Anthropic, {
  NotFoundError,
} from '@anthropic-ai/sdk';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import {
  anthropicClient,
  DEFAULT_TEXT,
  expectNothingCharged,
  failure,
  HELLO,
  rawPost,
  type SentRequest,
  type User,
} from './anthropic-sdk-support';
import { gatewayAndErrorCases } from './claude-channel/gateway-and-errors';
import { streamToolAndThinkingCases } from './claude-channel/streams-tools-thinking';
import { type Body, CLAUDE_LOG_OTHER, type ClaudeChannelSuite, INITIAL, KEY, MAPPED_KEY, sonnetQuota } from './claude-channel/suite';

jest.setTimeout(30_000);

describe('Anthropic SDK → Claude channel (passthrough)', () => {
  let stack: RelayStack;
  let user: User;
  let channelId: number;

  /** The body of the upstream request number `index` (0-based). */
  const sent = (index: number) => stack.fake.requests[index]!.body as Body;
  const client = (apiKey = user.apiKey, options = {}, record?: SentRequest[]) => anthropicClient(stack, apiKey, options, record);
  /** A fresh user, so its consume logs are this test's alone. */
  const freshUser = (token = {}, profile = {}) => stack.userWithToken(INITIAL, token, profile);
  /** A request that succeeds, for {@link expectNothingCharged}; returns its request id. */
  const sentinel = (apiKey: string, model = 'sonnet-test') => async () => {
    const { response } = await client(apiKey).messages.create({ model, max_tokens: 16, messages: HELLO }).withResponse();
    return response.headers.get('x-request-id');
  };
  const suite: ClaudeChannelSuite = {
    get stack() {
      return stack;
    },
    get user() {
      return user;
    },
    sent,
    client,
    freshUser,
    sentinel,
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'sonnet-test': 2, 'sonnet-mapped': 2, 'sonnet-test-thinking': 2, 'nomax-test': 1 }),
      CompletionRatio: JSON.stringify({ 'sonnet-test': 5, 'sonnet-mapped': 5, 'sonnet-test-thinking': 5, 'nomax-test': 1 }),
      CacheRatio: JSON.stringify({ 'sonnet-test': 0.1, 'sonnet-mapped': 0.1 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      RetryTimes: '0',
      // No `default` entry: a model without one must be sent max_tokens by its client.
      'claude.default_max_tokens': JSON.stringify({ 'sonnet-test': 4096, 'claude-upstream-1': 2048 }),
      'claude.model_headers_settings': JSON.stringify({
        'sonnet-test': { 'anthropic-beta': ['context-1m-2025-08-07'], 'x-gateway-feature': ['extra'] },
      }),
    });
    channelId = await stack.seedChannel({
      type: 14,
      baseUrl: stack.fake.url,
      key: KEY,
      models: ['sonnet-test', 'sonnet-test-thinking', 'nomax-test'],
      groups: ['default', 'vip'],
      autoBan: false,
    });
    await stack.seedChannel({
      type: 14,
      baseUrl: stack.fake.url,
      key: MAPPED_KEY,
      models: ['sonnet-mapped'],
      modelMapping: { 'sonnet-mapped': 'claude-upstream-1' },
      autoBan: false,
    });
    user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, ['sonnet-test', 'sonnet-mapped', 'nomax-test']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe('messages', () => {
    it('answers a whole message as the upstream wrote it, sent with the channel key; billed by Claude’s formula', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 25 }, { times: 1 });
      const sentByClient: SentRequest[] = [];
      const { data: message, response } = await client(me.apiKey, {}, sentByClient)
        .messages.create({ model: 'sonnet-test', max_tokens: 256, system: 'Be brief.', messages: HELLO })
        .withResponse();

      expect(message).toMatchObject({
        type: 'message',
        role: 'assistant',
        model: 'sonnet-test',
        content: [{ type: 'text', text: DEFAULT_TEXT }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 25, output_tokens: 6, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      });
      expect(message.id).toMatch(/^msg_fake/);

      const [upstream] = stack.fake.requests;
      expect(upstream).toMatchObject({ method: 'POST', path: '/v1/messages', apiKey: KEY, stream: false });
      expect(upstream!.headers['x-api-key']).toBe(KEY);
      // The client's token never reaches the provider.
      expect(upstream!.headers['authorization']).toBeUndefined();
      // The SDK sends its key as a bearer token and names its API version: the version goes along.
      const [fromClient] = sentByClient;
      expect(fromClient!.headers.get('authorization')).toBe(`Bearer ${me.apiKey}`);
      expect(fromClient!.headers.get('x-api-key')).toBeNull();
      expect(fromClient!.headers.get('anthropic-version')).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(upstream!.headers['anthropic-version']).toBe(fromClient!.headers.get('anthropic-version'));
      // The body is the client's own (nothing had to change).
      expect(upstream!.body).toEqual({ model: 'sonnet-test', max_tokens: 256, system: 'Be brief.', messages: HELLO });

      const [log] = await stack.waitForLogs(me.userId, 1);
      // trunc((25 + 6 × 5) × 2) = 110
      expect(log).toMatchObject({
        requestId: response.headers.get('x-request-id'),
        model: 'sonnet-test',
        channelId,
        promptTokens: 25,
        completionTokens: 6,
        quota: 110,
        isStream: false,
      });
      expect(sonnetQuota({ input: 25, output: 6 })).toBe(110);
      expect(log!.other).toMatchObject({
        ...CLAUDE_LOG_OTHER,
        group_ratio: 1,
        cache_tokens: 0,
        cache_creation_tokens: 0,
        cache_creation_tokens_5m: 0,
        cache_creation_tokens_1h: 0,
      });
      const balances = await stack.balances(me.userId);
      expect([balances.usedQuota, balances.requestCount]).toEqual([110, 1]);
    });

    it('passes the upstream body through byte for byte', async () => {
      const verbatim =
        '{"id":"msg_verbatim",  "type":"message","role":"assistant","model":"sonnet-test",' +
        '"content":[{"type":"text","text":"verbatim  answer"}],"stop_reason":"end_turn","stop_sequence":null,' +
        '"usage":{"input_tokens":9,"output_tokens":4},  "x_vendor_field":{"kept":true}}';
      stack.fake.program({ model: 'sonnet-test' }, { body: verbatim }, { times: 1 });
      const raw = await client().messages.create({ model: 'sonnet-test', max_tokens: 64, messages: HELLO }).asResponse();
      expect(raw.status).toBe(200);
      expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await raw.text()).toBe(verbatim);
    });

    it('bills cache reads and five-minute and one-hour cache writes apart, truncated, times the group ratio', async () => {
      const usage = { promptTokens: 30, cachedTokens: 337, cacheCreationTokens: 41, cacheCreation1hTokens: 17, completionTokens: 9 };
      const vip = await freshUser({}, { group: 'vip' });
      stack.fake.program({ model: 'sonnet-test' }, usage, { times: 1 });
      const message = await client(vip.apiKey).messages.create({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      expect(message.usage).toMatchObject({
        input_tokens: 30,
        cache_read_input_tokens: 337,
        cache_creation_input_tokens: 58,
        cache_creation: { ephemeral_5m_input_tokens: 41, ephemeral_1h_input_tokens: 17 },
        output_tokens: 9,
      });
      const [log] = await stack.waitForLogs(vip.userId, 1);
      // trunc((30 + 337 × 0.1 + 41 × 1.25 + 17 × 2 + 9 × 5) × 2 × 1.5) = trunc(193.95 × 3) = trunc(581.85) = 581
      expect(sonnetQuota({ input: 30, read: 337, w5m: 41, w1h: 17, output: 9 }, 1.5)).toBe(581);
      expect(log).toMatchObject({ quota: 581, promptTokens: 30, completionTokens: 9, group: 'vip', isStream: false });
      expect(log!.other).toMatchObject({
        ...CLAUDE_LOG_OTHER,
        group_ratio: 1.5,
        cache_tokens: 337,
        cache_creation_tokens: 58,
        cache_creation_tokens_5m: 41,
        cache_creation_tokens_1h: 17,
      });
    });

    it('the same usage streamed is billed the same: the split of the cache writes survives message_delta', async () => {
      const usage = { promptTokens: 30, cachedTokens: 337, cacheCreationTokens: 41, cacheCreation1hTokens: 17, completionTokens: 9 };
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, usage, { times: 1 });
      const final = await client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO }).finalMessage();
      expect(final.usage).toMatchObject({ input_tokens: 30, cache_read_input_tokens: 337, cache_creation_input_tokens: 58, output_tokens: 9 });
      const [log] = await stack.waitForLogs(me.userId, 1);
      // trunc((30 + 33.7 + 51.25 + 34 + 45) × 2) = trunc(387.9) = 387
      expect(sonnetQuota({ input: 30, read: 337, w5m: 41, w1h: 17, output: 9 })).toBe(387);
      expect(log).toMatchObject({ quota: 387, promptTokens: 30, completionTokens: 9, isStream: true });
      expect(log!.other).toMatchObject({
        ...CLAUDE_LOG_OTHER,
        cache_tokens: 337,
        cache_creation_tokens: 58,
        cache_creation_tokens_5m: 41,
        cache_creation_tokens_1h: 17,
      });
    });

    it('accepts the token as x-api-key too (raw fetch), and answers a bad one in Anthropic’s shape', async () => {
      const me = await freshUser();
      const body = JSON.stringify({ model: 'sonnet-test', max_tokens: 32, messages: HELLO });
      const ok = await rawPost(stack, '/v1/messages', me.apiKey, body);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as Anthropic.Message).content).toEqual([{ type: 'text', text: DEFAULT_TEXT }]);
      expect(stack.fake.requests.map((r) => r.apiKey)).toEqual([KEY]);
      // With both headers, x-api-key decides on the Messages path.
      const both = await rawPost(stack, '/v1/messages', me.apiKey, body, { authorization: 'Bearer sk-not-a-token' });
      expect(both.status).toBe(200);

      const bad = await rawPost(stack, '/v1/messages', 'sk-thisisnotatokenthisisnotatokenthisisnotatoken123', body);
      expect(bad.status).toBe(401);
      expect(await bad.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });

      // The model list too, in Anthropic's shape for a client sending anthropic-version.
      const models = async (apiKey: string) =>
        fetch(`${stack.url}/v1/models`, { headers: { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' } });
      const listed = await models(me.apiKey);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toMatchObject({ has_more: false, data: expect.arrayContaining([expect.objectContaining({ type: 'model', id: 'sonnet-test' })]) });
      const refused = await models('sk-thisisnotatokenthisisnotatokenthisisnotatoken123');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });
      expect(stack.fake.requests).toHaveLength(2);
      expect(await stack.waitForLogs(me.userId, 2)).toHaveLength(2);
    });
  });

  streamToolAndThinkingCases(suite);

  describe('token counting and models', () => {
    it('asks the Claude channel to count tokens (mapped model name, channel key); free, never logged', async () => {
      const me = await freshUser();
      stack.fake.program({ path: '/v1/messages/count_tokens' }, { promptTokens: 77 }, { times: 2 });
      const counted = await client(me.apiKey).messages.countTokens({ model: 'sonnet-test', system: 'Be brief.', messages: HELLO });
      expect(counted).toEqual({ input_tokens: 77 });
      const mapped = await client(me.apiKey).messages.countTokens({ model: 'sonnet-mapped', messages: HELLO });
      expect(mapped).toEqual({ input_tokens: 77 });
      expect(stack.fake.requests.map((r) => [r.path, r.apiKey, (r.body as Body).model])).toEqual([
        ['/v1/messages/count_tokens', KEY, 'sonnet-test'],
        ['/v1/messages/count_tokens', MAPPED_KEY, 'claude-upstream-1'],
      ]);
      expect(stack.fake.requests[0]!.body).toEqual({ model: 'sonnet-test', system: 'Be brief.', messages: HELLO });
      expect(stack.fake.requests[0]!.headers['anthropic-version']).toMatch(/^\d{4}-\d\d-\d\d$/);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('lists models in Anthropic’s shape, and retrieves one (404 NotFoundError for another)', async () => {
      const page = await client().models.list();
      expect(page.data.map((m) => m.id)).toEqual(['nomax-test', 'sonnet-mapped', 'sonnet-test', 'sonnet-test-thinking']);
      expect(page.data[0]).toEqual({
        type: 'model',
        id: 'nomax-test',
        display_name: 'nomax-test',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(page.has_more).toBe(false);
      expect(page).toMatchObject({ first_id: 'nomax-test', last_id: 'sonnet-test-thinking' });
      const all: string[] = [];
      for await (const model of client().models.list()) all.push(model.id);
      expect(all).toEqual(page.data.map((m) => m.id));

      expect(await client().models.retrieve('sonnet-test')).toMatchObject({ type: 'model', id: 'sonnet-test' });
      const missing = await failure(client().models.retrieve('no-such-model'));
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(missing.type).toBe('not_found_error');
      expect(stack.fake.requests).toEqual([]);
    });
  });

  gatewayAndErrorCases(suite);
});
