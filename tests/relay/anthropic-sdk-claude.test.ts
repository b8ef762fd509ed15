// The official Anthropic SDK against the whole stack, to a Claude channel (type 14): the identity
// path. Messages whole and streamed (the SDK's event order, `finalMessage()`), tools with streamed
// input and a `tool_result` turn, images, thinking, token counting, the model list, what the
// gateway adds on the way (anthropic-version and -beta, `claude.*` options, model mapping, the
// thinking adapter), every error class the SDK raises, mid-stream errors, cut and abandoned
// streams, and the exact quota of each — Claude's formula with cache reads and writes.
import Anthropic, {
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { eventually } from '../support/relay-fixtures';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import {
  anthropicClient,
  collect,
  DEFAULT_PIECES,
  DEFAULT_TEXT,
  eventShape,
  expectNothingCharged,
  failure,
  HELLO,
  PNG_1X1,
  rawPost,
  type SentRequest,
  type User,
} from './anthropic-sdk-support';

jest.setTimeout(30_000);

const INITIAL = 100_000_000;
const KEY = 'sk-ant-1';
const MAPPED_KEY = 'sk-ant-2';

/**
 * Claude's formula with this file's ratios for `sonnet-test` (ModelRatio 2, CompletionRatio 5,
 * CacheRatio 0.1; writes 1.25 and 2): trunc((in + read×0.1 + w5m×1.25 + w1h×2 + out×5) × 2 × group),
 * computed in hundredths so no float rounding can hide a unit.
 */
function sonnetQuota(u: { input: number; read?: number; w5m?: number; w1h?: number; output: number }, group = 1): number {
  const hundredths = u.input * 100 + (u.read ?? 0) * 10 + (u.w5m ?? 0) * 125 + (u.w1h ?? 0) * 200 + u.output * 500;
  return Math.max(1, Math.trunc((hundredths * 2 * group) / 100));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

const CLAUDE_LOG_OTHER = {
  claude: true,
  model_ratio: 2,
  completion_ratio: 5,
  cache_ratio: 0.1,
  cache_creation_ratio: 1.25,
  cache_creation_ratio_1h: 2,
};

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

  describe('streaming', () => {
    it('streams the events in Anthropic’s order (ping skipped by the SDK); finalMessage() assembles them', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 12 }, { times: 2 });
      const { data: stream, response } = await client(me.apiKey)
        .messages.create({ model: 'sonnet-test', max_tokens: 64, messages: HELLO, stream: true })
        .withResponse();
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = await collect(stream);
      expect(eventShape(events)).toEqual([
        'message_start',
        'content_block_start',
        ...DEFAULT_PIECES.map(() => 'content_block_delta:text_delta'),
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect(events[0]).toMatchObject({ type: 'message_start', message: { usage: { input_tokens: 12 } } });
      expect(events[1]).toMatchObject({ index: 0, content_block: { type: 'text', text: '' } });
      expect(events.slice(2, 8).map((e) => (e as Anthropic.RawContentBlockDeltaEvent).delta)).toEqual(
        DEFAULT_PIECES.map((text) => ({ type: 'text_delta', text })),
      );
      expect(events.at(-2)).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 6 } });
      expect(stack.fake.requests[0]!.headers['accept']).toBe('text/event-stream');

      const texts: string[] = [];
      const helper = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      helper.on('text', (delta) => texts.push(delta));
      const final = await helper.finalMessage();
      expect(texts).toEqual(DEFAULT_PIECES);
      expect(final).toMatchObject({
        role: 'assistant',
        content: [{ type: 'text', text: DEFAULT_TEXT }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 12, output_tokens: 6 },
      });

      const logs = await stack.waitForLogs(me.userId, 2);
      expect(logs[0]!.requestId).toBe(response.headers.get('x-request-id'));
      // trunc((12 + 6 × 5) × 2) = 84, each.
      expect(logs.map((l) => [l.promptTokens, l.completionTokens, l.quota, l.isStream])).toEqual([
        [12, 6, 84, true],
        [12, 6, 84, true],
      ]);
      expect(logs[0]!.other).toMatchObject({ ...CLAUDE_LOG_OTHER, cache_tokens: 0 });
    });

    it('a mid-stream upstream error reaches the SDK as the stream’s error event; what was delivered is charged', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 40, streamErrorAfter: 2 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => texts.push(delta));
      const error = await failure(stream.finalMessage());
      expect(error).toBeInstanceOf(APIError);
      expect(error.type).toBe('overloaded_error');
      expect(error.error).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
      expect(texts).toEqual(['Hello', ' from']);

      const [log] = await stack.waitForLogs(me.userId, 1);
      // The input from message_start (40) and the two words delivered, counted locally (2):
      // trunc((40 + 2 × 5) × 2) = 100.
      expect(log).toMatchObject({ promptTokens: 40, completionTokens: 2, quota: 100, isStream: true });
    });

    it('a stream the upstream cuts is charged the input of message_start and the delivered text', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 40, cachedTokens: 100, disconnectAfter: 3 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => texts.push(delta));
      const error = await failure(stream.finalMessage());
      // No message_stop came: the gateway ends the stream with an error event, which the SDK raises.
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).error).toEqual({
        type: 'error',
        error: { type: 'api_error', message: 'the upstream stream ended before the answer was complete' },
      });
      expect(texts).toEqual(['Hello', ' from', ' the']);
      expect(stack.fake.requests[0]!.outcome).toBe('cut');

      const [log] = await stack.waitForLogs(me.userId, 1);
      // trunc((40 + 100 × 0.1 + 3 × 5) × 2) = 130: "Hello from the" is 3 tokens.
      expect(sonnetQuota({ input: 40, read: 100, output: 3 })).toBe(130);
      expect(log).toMatchObject({ promptTokens: 40, completionTokens: 3, quota: 130, isStream: true });
      expect(log!.other).toMatchObject({ claude: true, cache_tokens: 100 });
    });

    it('a client that aborts mid-stream aborts the upstream call and pays for what it received', async () => {
      const me = await freshUser();
      const text = 'one two three four five six seven eight';
      stack.fake.program({ model: 'sonnet-test' }, { text, promptTokens: 20, chunkDelayMs: 400 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => {
        texts.push(delta);
        if (texts.length === 2) stream.abort();
      });
      expect(await failure(stream.done())).toBeInstanceOf(APIUserAbortError);
      expect(texts).toEqual(['one', ' two']);
      expect(await eventually(() => stack.fake.requests[0]!.outcome === 'client-aborted', 3_000)).toBe(true);
      expect(stack.fake.requests[0]!.chunksSent).toBeLessThan(8);

      const [log] = await stack.waitForLogs(me.userId, 1);
      // Input 20 from message_start, "one two" (2 tokens) delivered: trunc((20 + 2 × 5) × 2) = 60.
      expect(log).toMatchObject({ promptTokens: 20, completionTokens: 2, quota: 60, isStream: true });
    });
  });

  describe('tools, images, thinking', () => {
    const tools: Anthropic.Tool[] = [
      {
        name: 'get_weather',
        description: 'The weather of a city.',
        input_schema: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] },
      },
    ];
    const question: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];

    it('streams a tool call’s input as input_json_delta; the SDK parses it; the tool_result turn goes through', async () => {
      const me = await freshUser();
      const args = '{"city":"Paris","unit":"celsius"}';
      stack.fake.program({ model: 'sonnet-test' }, { toolCalls: [{ name: 'get_weather', arguments: args }], promptTokens: 50, completionTokens: 20 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 256, messages: question, tools });
      const events: string[] = [];
      const partials: string[] = [];
      stream.on('streamEvent', (event) => {
        events.push(event.type === 'content_block_delta' ? `${event.type}:${event.delta.type}` : event.type);
        if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') partials.push(event.delta.partial_json);
      });
      const final = await stream.finalMessage();
      expect(events).toEqual([
        'message_start',
        'content_block_start',
        'content_block_delta:input_json_delta',
        'content_block_delta:input_json_delta',
        'content_block_delta:input_json_delta',
        'content_block_delta:input_json_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect(partials.join('')).toBe(args);
      expect(final.stop_reason).toBe('tool_use');
      expect(final.content).toHaveLength(1);
      const call = final.content[0] as Anthropic.ToolUseBlock;
      expect(call).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } });
      expect(call.id).toMatch(/^toolu_/);
      expect(stack.fake.requests[0]!.body).toMatchObject({ tools, stream: true });

      // The second turn: the assistant's tool call and the user's result.
      stack.fake.program({ model: 'sonnet-test' }, { text: 'It is 18 °C in Paris.', promptTokens: 80, completionTokens: 9 }, { times: 1 });
      const followUp: Anthropic.MessageParam[] = [
        ...question,
        { role: 'assistant', content: final.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18 °C, sunny' }] },
      ];
      const answer = await client(me.apiKey).messages.create({ model: 'sonnet-test', max_tokens: 256, messages: followUp, tools });
      expect(answer.content).toEqual([{ type: 'text', text: 'It is 18 °C in Paris.' }]);
      expect(stack.fake.requests[1]!.body).toMatchObject({
        messages: [
          question[0],
          { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18 °C, sunny' }] },
        ],
      });

      const logs = await stack.waitForLogs(me.userId, 2);
      // trunc((50 + 20 × 5) × 2) = 300, then trunc((80 + 9 × 5) × 2) = 250.
      expect(logs.map((l) => [l.isStream, l.quota])).toEqual([
        [true, 300],
        [false, 250],
      ]);
    });

    it('sends base64 and URL images to the upstream as the client wrote them', async () => {
      const content: Anthropic.ContentBlockParam[] = [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } },
        { type: 'text', text: 'What are these?' },
      ];
      const message = await client().messages.create({ model: 'sonnet-test', max_tokens: 64, messages: [{ role: 'user', content }] });
      expect(message.content[0]).toMatchObject({ type: 'text' });
      expect(sent(0).messages).toEqual([{ role: 'user', content }]);
    });

    it('passes thinking blocks through: streamed thinking and signature deltas, and the block sent back intact', async () => {
      const me = await freshUser();
      const reasoning = 'The user greets me so I greet back.';
      stack.fake.program({ model: 'sonnet-test' }, { reasoning, promptTokens: 10 }, { times: 2 });
      const request = {
        model: 'sonnet-test',
        max_tokens: 2048,
        thinking: { type: 'enabled' as const, budget_tokens: 1024 },
        messages: HELLO,
      };
      const stream = client(me.apiKey).messages.stream(request);
      const thoughts: string[] = [];
      stream.on('thinking', (delta) => thoughts.push(delta));
      const final = await stream.finalMessage();
      expect(thoughts.join('')).toBe(reasoning);
      expect(final.content.map((b) => b.type)).toEqual(['thinking', 'text']);
      const thinking = final.content[0] as Anthropic.ThinkingBlock;
      expect(thinking.thinking).toBe(reasoning);
      expect(thinking.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(sent(0).thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });

      const whole = await client(me.apiKey).messages.create(request);
      expect(whole.content).toEqual([thinking, { type: 'text', text: DEFAULT_TEXT }]);

      const next = await client(me.apiKey).messages.create({
        ...request,
        messages: [...HELLO, { role: 'assistant', content: whole.content }, { role: 'user', content: 'And again.' }],
      });
      expect(next.content.at(-1)).toMatchObject({ type: 'text' });
      expect(sent(2).messages[1]).toEqual({ role: 'assistant', content: [thinking, { type: 'text', text: DEFAULT_TEXT }] });

      // Output: 8 thinking words + the signature + 6 text chunks = 15 tokens: trunc((10 + 15 × 5) × 2) = 170.
      const logs = await stack.waitForLogs(me.userId, 3);
      expect(logs.slice(0, 2).map((l) => [l.isStream, l.completionTokens, l.quota])).toEqual([
        [true, 15, 170],
        [false, 15, 170],
      ]);
    });
  });

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

  describe('what the gateway adds on the way', () => {
    it('forwards anthropic-version and anthropic-beta, adds the model’s claude.model_headers_settings headers', async () => {
      const custom = client(user.apiKey, { defaultHeaders: { 'anthropic-version': '2023-01-01' } });
      await custom.messages.create(
        { model: 'sonnet-test', max_tokens: 32, messages: HELLO },
        { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31, context-1m-2025-08-07' } },
      );
      await client().messages.create({ model: 'sonnet-mapped', max_tokens: 32, messages: HELLO });
      const [first, second] = stack.fake.requests;
      expect(first!.headers['anthropic-version']).toBe('2023-01-01');
      // The client's features, then the option's, each once.
      expect(first!.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31,context-1m-2025-08-07');
      expect(first!.headers['x-gateway-feature']).toBe('extra');
      // Another model gets none of sonnet-test's headers.
      expect(second!.headers['anthropic-beta']).toBeUndefined();
      expect(second!.headers['x-gateway-feature']).toBeUndefined();
    });

    it('fills max_tokens from claude.default_max_tokens (by the upstream model name) and applies the model mapping', async () => {
      const me = await freshUser();
      const noMax = (model: string) =>
        ({ model, messages: HELLO }) as unknown as Anthropic.MessageCreateParamsNonStreaming;
      await client(me.apiKey).messages.create(noMax('sonnet-test'));
      const { data: mapped } = await client(me.apiKey).messages.create(noMax('sonnet-mapped')).withResponse();
      expect(stack.fake.requests.map((r) => [(r.body as Body).model, (r.body as Body).max_tokens, r.apiKey])).toEqual([
        ['sonnet-test', 4096, KEY],
        ['claude-upstream-1', 2048, MAPPED_KEY],
      ]);
      // The answer is the upstream's own (it names the model it ran).
      expect(mapped.model).toBe('claude-upstream-1');

      const logs = await stack.waitForLogs(me.userId, 2);
      expect(logs[1]).toMatchObject({ model: 'sonnet-mapped' });
      expect(logs[1]!.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'claude-upstream-1', claude: true });
      expect(logs[0]!.other.is_model_mapped).toBeUndefined();
    });

    it('refuses a request without max_tokens for a model without a default: 400 max_tokens: Field required, nothing charged', async () => {
      const me = await freshUser();
      const error = await failure(
        client(me.apiKey).messages.create({ model: 'nomax-test', messages: HELLO } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } });
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('the thinking adapter: a -thinking model turns thinking on upstream, with room and without sampling limits', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, { reasoning: 'Hmm.', promptTokens: 10, completionTokens: 8 }, { times: 1 });
      const message = await client(me.apiKey).messages.create({
        model: 'sonnet-test-thinking',
        max_tokens: 1000,
        temperature: 0.3,
        top_k: 5,
        messages: HELLO,
      } as Anthropic.MessageCreateParamsNonStreaming);
      expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text']);
      const body = stack.fake.requests[0]!.body;
      // max_tokens raised to 1280, a budget of max(1024, 0.8 × 1280) (below max_tokens), temperature 1.
      expect(body).toEqual({
        model: 'sonnet-test',
        max_tokens: 1280,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        temperature: 1,
        messages: HELLO,
      });
      // The model's headers are those of the model sent (sonnet-test).
      expect(stack.fake.requests[0]!.headers['x-gateway-feature']).toBe('extra');
      const [log] = await stack.waitForLogs(me.userId, 1);
      // Billed as the model asked for: trunc((10 + 8 × 5) × 2) = 100.
      expect(log).toMatchObject({ model: 'sonnet-test-thinking', quota: 100, promptTokens: 10, completionTokens: 8 });
      expect(log!.other).toMatchObject({ claude: true, model_ratio: 2, completion_ratio: 5 });
    });
  });

  describe('errors', () => {
    it('401 AuthenticationError for a bad gateway token', async () => {
      const error = await failure(client('sk-thisisnotatokenthisisnotatokenthisisnotatoken123').messages.create({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error.status).toBe(401);
      expect(error.type).toBe('authentication_error');
      expect(error.error).toEqual({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });
      expect(stack.fake.requests).toEqual([]);
    });

    it('403 PermissionDeniedError for a model outside the token’s model limits; nothing charged', async () => {
      const me = await freshUser({ modelLimits: ['nomax-test'] });
      const error = await failure(client(me.apiKey).messages.create({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }));
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error.type).toBe('permission_error');
      expect(error.error).toEqual({ type: 'error', error: { type: 'permission_error', message: '该令牌无权访问模型 sonnet-test' } });
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey, 'nomax-test'));
    });

    it('404 NotFoundError for a model no channel serves', async () => {
      const error = await failure(client().messages.create({ model: 'no-such-model', max_tokens: 8, messages: HELLO }));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.type).toBe('not_found_error');
      expect(error.apiMessage).toContain('no-such-model');
      expect(stack.fake.requests).toEqual([]);
    });

    it('400 BadRequestError for malformed JSON, misplaced blocks, an orphan tool_result and missing messages; nothing charged', async () => {
      const me = await freshUser();
      const sdk = client(me.apiKey);
      const malformed = await failure(
        sdk.post('/v1/messages', { body: '{"model": "sonnet-test", "max_tokens": 8, "messages": [', headers: { 'content-type': 'application/json' } }),
      );
      const userToolUse = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] }],
        } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const assistantResult = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [...HELLO, { role: 'assistant', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] }],
        } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const imageWithoutSource = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [{ role: 'user', content: [{ type: 'image' }, { type: 'text', text: 'What is it?' }] }],
        } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const orphan = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_nowhere', content: '42' }] }],
        }),
      );
      const noMessages = await failure(
        sdk.messages.create({ model: 'sonnet-test', max_tokens: 8 } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const errors = { malformed, userToolUse, assistantResult, imageWithoutSource, orphan, noMessages };
      for (const [name, error] of Object.entries(errors)) {
        expect([name, error]).toEqual([name, expect.any(BadRequestError)]);
        expect([name, error.status, error.type]).toEqual([name, 400, 'invalid_request_error']);
        expect(error.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.any(String) } });
      }
      expect(userToolUse.apiMessage).toMatch(/^messages\.0\.content\.0: .*user message cannot contain .*tool_use block$/);
      expect(assistantResult.apiMessage).toMatch(/^messages\.1\.content\.0: .*assistant message cannot contain .*tool_result block$/);
      expect(imageWithoutSource.apiMessage).toContain('source');
      expect(orphan.apiMessage).toContain('toolu_nowhere');
      expect(noMessages.apiMessage).toBe('messages: Field required');
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('upstream 429, 500, 403 and 529 arrive as RateLimitError, InternalServerError, PermissionDeniedError and OverloadedError; nothing charged', async () => {
      const me = await freshUser();
      const call = () => failure(client(me.apiKey).messages.create({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }));
      stack.fake.program({ model: 'sonnet-test' }, { error: 'rate_limit' }, { times: 1 });
      const limited = await call();
      stack.fake.program({ model: 'sonnet-test' }, { error: 'server_error' }, { times: 1 });
      const broken = await call();
      stack.fake.program({ model: 'sonnet-test' }, { error: 'permission' }, { times: 1 });
      const forbidden = await call();
      stack.fake.program({ model: 'sonnet-test' }, { status: 529 }, { times: 1 });
      const overloaded = await call();
      // Streamed requests get the same answers (the upstream answers JSON before any event).
      stack.fake.program({ model: 'sonnet-test' }, { status: 529 }, { times: 1 });
      const overloadedStream = await failure(
        client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }).finalMessage(),
      );

      expect(limited).toBeInstanceOf(RateLimitError);
      expect(limited.error).toEqual({
        type: 'error',
        error: { type: 'rate_limit_error', message: expect.stringContaining('rate limit') },
      });
      expect(broken).toBeInstanceOf(InternalServerError);
      expect([broken.status, broken.type, broken.apiMessage]).toEqual([500, 'api_error', 'Internal server error']);
      // The provider refusing the gateway's key is the gateway's fault, not the client's permission.
      expect(forbidden).toBeInstanceOf(InternalServerError);
      expect([forbidden.status, forbidden.type]).toEqual([502, 'api_error']);
      expect(forbidden.message).toMatch(/rejected the gateway's credentials/);
      for (const error of [overloaded, overloadedStream]) {
        expect(error).toBeInstanceOf(OverloadedError);
        expect([error.status, error.type, error.apiMessage]).toEqual([529, 'overloaded_error', 'Overloaded']);
      }
      expect(stack.fake.requests).toHaveLength(5);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });
  });
});
