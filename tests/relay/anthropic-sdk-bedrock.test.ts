// The official Anthropic SDK against the whole stack, to Claude on AWS Bedrock (type 33): the
// relay signs each call with SigV4 (the fake verifies it with AWS's own signer), sends the Messages
// body Bedrock takes (no model or stream, `anthropic_version` and `anthropic_beta` in the body) and
// re-frames the AWS event stream as Anthropic's server-sent events. Messages whole and streamed,
// tools, images, thinking, token counting by the gateway, the model list, Bedrock's exceptions as
// the SDK's error classes, mid-stream exceptions, cut and abandoned streams, and the exact quota
// of each — Claude's formula with cache reads and writes.
import Anthropic, {
  APIError,
  APIUserAbortError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
  ServiceUnavailableError,
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
  type User,
} from './anthropic-sdk-support';
import { type BedrockChannelSuite, MODEL_ID } from './bedrock-channel/suite';
import { toolImageAndThinkingCases } from './bedrock-channel/tools-images-thinking';

jest.setTimeout(30_000);

type Body = Record<string, any>;

const INITIAL = 100_000_000;
const ACCESS_KEY = 'AKIAFAKEFAKEFAKE';
const BEDROCK_VERSION = 'bedrock-2023-05-31';

/** Claude's formula with ModelRatio 2, CompletionRatio 5, CacheRatio 0.1 (writes 1.25 and 2), in hundredths. */
function bedrockQuota(u: { input: number; read?: number; w5m?: number; w1h?: number; output: number }): number {
  const hundredths = u.input * 100 + (u.read ?? 0) * 10 + (u.w5m ?? 0) * 125 + (u.w1h ?? 0) * 200 + u.output * 500;
  return Math.max(1, Math.trunc((hundredths * 2) / 100));
}

describe('Anthropic SDK → Claude on AWS Bedrock', () => {
  let stack: RelayStack;
  let user: User;
  let channelId: number;

  const client = (apiKey = user.apiKey) => anthropicClient(stack, apiKey);
  const freshUser = () => stack.userWithToken(INITIAL);
  const sent = (index: number) => stack.fake.requests[index]!.body as Body;
  const sentinel = (apiKey: string) => async () => {
    const { response } = await client(apiKey).messages.create({ model: 'bedrock-sonnet', max_tokens: 16, messages: HELLO }).withResponse();
    return response.headers.get('x-request-id');
  };
  const suite: BedrockChannelSuite = {
    get stack() {
      return stack;
    },
    get user() {
      return user;
    },
    client,
    freshUser,
    sent,
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'bedrock-sonnet': 2 }),
      CompletionRatio: JSON.stringify({ 'bedrock-sonnet': 5 }),
      CacheRatio: JSON.stringify({ 'bedrock-sonnet': 0.1 }),
      RetryTimes: '0',
      'claude.default_max_tokens': JSON.stringify({ default: 8192, 'claude-sonnet-4-20250514': 3000 }),
      'claude.model_headers_settings': JSON.stringify({ 'claude-sonnet-4-20250514': { 'anthropic-beta': ['context-1m-2025-08-07'] } }),
    });
    channelId = await stack.seedChannel({
      type: 33,
      baseUrl: stack.fake.url,
      key: `${ACCESS_KEY}|fake-secret-key|us-east-1`,
      models: ['bedrock-sonnet'],
      modelMapping: { 'bedrock-sonnet': 'claude-sonnet-4-20250514' },
      autoBan: false,
    });
    user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, ['bedrock-sonnet']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe('messages', () => {
    it('invokes the model signed with SigV4, with Bedrock’s body; answers the Message; billed by Claude’s formula with caches', async () => {
      const me = await freshUser();
      const usage = { promptTokens: 30, cachedTokens: 337, cacheCreationTokens: 41, cacheCreation1hTokens: 17, completionTokens: 9 };
      stack.fake.program({ model: MODEL_ID }, usage, { times: 1 });
      const { data: message, response } = await client(me.apiKey)
        .messages.create({ model: 'bedrock-sonnet', max_tokens: 256, system: 'Be brief.', messages: HELLO })
        .withResponse();

      expect(message).toMatchObject({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: DEFAULT_TEXT }],
        stop_reason: 'end_turn',
        usage: {
          input_tokens: 30,
          cache_read_input_tokens: 337,
          cache_creation_input_tokens: 58,
          cache_creation: { ephemeral_5m_input_tokens: 41, ephemeral_1h_input_tokens: 17 },
          output_tokens: 9,
        },
      });
      expect(message.id).toMatch(/^msg_bdrk_/);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      // AWS's own headers stay behind.
      expect(response.headers.get('x-amzn-requestid')).toBeNull();

      const [upstream] = stack.fake.requests;
      expect(upstream).toMatchObject({ method: 'POST', model: MODEL_ID, apiKey: ACCESS_KEY, stream: false });
      expect(decodeURIComponent(upstream!.path)).toBe(`/model/${MODEL_ID}/invoke`);
      expect(upstream!.headers['authorization']).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/us-east-1/bedrock/aws4_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$`),
      );
      expect(upstream!.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
      expect(upstream!.headers['x-api-key']).toBeUndefined();
      expect(upstream!.body).toEqual({
        anthropic_version: BEDROCK_VERSION,
        max_tokens: 256,
        system: 'Be brief.',
        messages: HELLO,
        anthropic_beta: ['context-1m-2025-08-07'],
      });

      const [log] = await stack.waitForLogs(me.userId, 1);
      // trunc((30 + 337 × 0.1 + 41 × 1.25 + 17 × 2 + 9 × 5) × 2) = trunc(387.9) = 387
      expect(bedrockQuota({ input: 30, read: 337, w5m: 41, w1h: 17, output: 9 })).toBe(387);
      expect(log).toMatchObject({
        requestId: response.headers.get('x-request-id'),
        model: 'bedrock-sonnet',
        channelId,
        promptTokens: 30,
        completionTokens: 9,
        quota: 387,
        isStream: false,
      });
      expect(log!.other).toMatchObject({
        claude: true,
        model_ratio: 2,
        completion_ratio: 5,
        cache_ratio: 0.1,
        cache_tokens: 337,
        cache_creation_tokens: 58,
        cache_creation_tokens_5m: 41,
        cache_creation_tokens_1h: 17,
        cache_creation_ratio: 1.25,
        cache_creation_ratio_1h: 2,
        is_model_mapped: true,
        upstream_model_name: 'claude-sonnet-4-20250514',
      });
    });

    it('puts the client’s anthropic-beta and the model’s into the body, and fills max_tokens from claude.default_max_tokens', async () => {
      await client().messages.create({ model: 'bedrock-sonnet', messages: HELLO } as unknown as Anthropic.MessageCreateParamsNonStreaming, {
        headers: { 'anthropic-beta': 'interleaved-thinking-2025-05-14' },
      });
      expect(sent(0)).toEqual({
        anthropic_version: BEDROCK_VERSION,
        max_tokens: 3000,
        messages: HELLO,
        anthropic_beta: ['interleaved-thinking-2025-05-14', 'context-1m-2025-08-07'],
      });
      expect(stack.fake.requests[0]!.headers['anthropic-beta']).toBeUndefined();
    });
  });

  describe('streaming', () => {
    it('re-frames the event stream as Anthropic’s events in order; finalMessage() assembles them; caches billed as whole', async () => {
      const me = await freshUser();
      const usage = { promptTokens: 30, cachedTokens: 337, cacheCreationTokens: 41, cacheCreation1hTokens: 17, completionTokens: 9 };
      stack.fake.program({ model: MODEL_ID }, usage, { times: 2 });
      const { data: stream, response } = await client(me.apiKey)
        .messages.create({ model: 'bedrock-sonnet', max_tokens: 64, messages: HELLO, stream: true })
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
      expect(events[0]).toMatchObject({ message: { id: expect.stringMatching(/^msg_bdrk_/), usage: { input_tokens: 30 } } });
      expect(events.slice(2, 8).map((e) => (e as Anthropic.RawContentBlockDeltaEvent).delta)).toEqual(
        DEFAULT_PIECES.map((text) => ({ type: 'text_delta', text })),
      );
      expect(events.at(-2)).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } });
      expect(stack.fake.requests[0]).toMatchObject({ model: MODEL_ID, stream: true });
      expect(decodeURIComponent(stack.fake.requests[0]!.path)).toBe(`/model/${MODEL_ID}/invoke-with-response-stream`);
      expect(sent(0)).not.toHaveProperty('stream');
      expect(sent(0)).not.toHaveProperty('model');

      const texts: string[] = [];
      const helper = client(me.apiKey).messages.stream({ model: 'bedrock-sonnet', max_tokens: 64, messages: HELLO });
      helper.on('text', (delta) => texts.push(delta));
      const final = await helper.finalMessage();
      expect(texts).toEqual(DEFAULT_PIECES);
      expect(final).toMatchObject({
        content: [{ type: 'text', text: DEFAULT_TEXT }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 30, cache_read_input_tokens: 337, cache_creation_input_tokens: 58, output_tokens: 9 },
      });

      const logs = await stack.waitForLogs(me.userId, 2);
      expect(logs[0]!.requestId).toBe(response.headers.get('x-request-id'));
      expect(logs.map((l) => [l.isStream, l.promptTokens, l.completionTokens, l.quota])).toEqual([
        [true, 30, 9, 387],
        [true, 30, 9, 387],
      ]);
      expect(logs[0]!.other).toMatchObject({ claude: true, cache_tokens: 337, cache_creation_tokens_5m: 41, cache_creation_tokens_1h: 17 });
    });

    it('a mid-stream exception becomes the stream’s error event (the SDK throws); what was delivered is charged', async () => {
      const me = await freshUser();
      stack.fake.program({ model: MODEL_ID }, { promptTokens: 40, streamErrorAfter: 2 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'bedrock-sonnet', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => texts.push(delta));
      const error = await failure(stream.finalMessage());
      expect(error).toBeInstanceOf(APIError);
      expect(error.type).toBe('rate_limit_error');
      expect(error.error).toEqual({
        type: 'error',
        error: { type: 'rate_limit_error', message: expect.stringMatching(/^ThrottlingException: /) },
      });
      expect(texts).toEqual(['Hello', ' from']);

      const [log] = await stack.waitForLogs(me.userId, 1);
      // Input 40 from message_start, "Hello from" (2 tokens) delivered: trunc((40 + 2 × 5) × 2) = 100.
      expect(log).toMatchObject({ promptTokens: 40, completionTokens: 2, quota: 100, isStream: true });
    });

    it('a stream Bedrock cuts ends with an error event; the input of message_start and the delivered text are charged', async () => {
      const me = await freshUser();
      stack.fake.program({ model: MODEL_ID }, { promptTokens: 40, cachedTokens: 100, disconnectAfter: 3 }, { times: 1 });
      const { data: stream } = await client(me.apiKey)
        .messages.create({ model: 'bedrock-sonnet', max_tokens: 64, messages: HELLO, stream: true })
        .withResponse();
      const events: Anthropic.RawMessageStreamEvent[] = [];
      const error = await failure(
        (async () => {
          for await (const event of stream) events.push(event);
        })(),
      );
      expect(eventShape(events)).toEqual(['message_start', 'content_block_start', ...Array(3).fill('content_block_delta:text_delta')]);
      expect(error).toBeInstanceOf(APIError);
      expect(error.error).toEqual({
        type: 'error',
        error: { type: 'api_error', message: 'the upstream stream ended before the answer was complete' },
      });
      expect(stack.fake.requests[0]!.outcome).toBe('cut');

      const [log] = await stack.waitForLogs(me.userId, 1);
      // trunc((40 + 100 × 0.1 + 3 × 5) × 2) = 130: "Hello from the" is 3 tokens.
      expect(bedrockQuota({ input: 40, read: 100, output: 3 })).toBe(130);
      expect(log).toMatchObject({ promptTokens: 40, completionTokens: 3, quota: 130, isStream: true });
    });

    it('a client that aborts mid-stream aborts the Bedrock call and pays for what it received', async () => {
      const me = await freshUser();
      stack.fake.program({ model: MODEL_ID }, { text: 'one two three four five six seven eight', promptTokens: 20, chunkDelayMs: 400 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'bedrock-sonnet', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => {
        texts.push(delta);
        if (texts.length === 2) stream.abort();
      });
      expect(await failure(stream.done())).toBeInstanceOf(APIUserAbortError);
      expect(texts).toEqual(['one', ' two']);
      expect(await eventually(() => stack.fake.requests[0]!.outcome === 'client-aborted', 3_000)).toBe(true);

      const [log] = await stack.waitForLogs(me.userId, 1);
      // trunc((20 + 2 × 5) × 2) = 60
      expect(log).toMatchObject({ promptTokens: 20, completionTokens: 2, quota: 60, isStream: true });
    });
  });

  toolImageAndThinkingCases(suite);

  describe('token counting, models, errors', () => {
    it('counts tokens itself (Bedrock cannot): no upstream call, a sane positive count, never logged', async () => {
      const me = await freshUser();
      const short = await client(me.apiKey).messages.countTokens({ model: 'bedrock-sonnet', messages: HELLO });
      const image = await client(me.apiKey).messages.countTokens({
        model: 'bedrock-sonnet',
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } }] }],
      });
      expect(short.input_tokens).toBeGreaterThan(0);
      expect(short.input_tokens).toBeLessThan(20);
      // An image is counted as a large one, whatever its bytes.
      expect(image.input_tokens).toBeGreaterThan(1000);
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('lists the model in Anthropic’s shape', async () => {
      const page = await client().models.list();
      expect(page.data).toEqual([{ type: 'model', id: 'bedrock-sonnet', display_name: 'bedrock-sonnet', created_at: expect.any(String) }]);
      expect(page).toMatchObject({ has_more: false, first_id: 'bedrock-sonnet', last_id: 'bedrock-sonnet' });
    });

    it('Bedrock’s exceptions arrive as the SDK’s classes: throttling 429, validation 400, internal 500, unavailable 503; nothing charged', async () => {
      const me = await freshUser();
      const call = () => failure(client(me.apiKey).messages.create({ model: 'bedrock-sonnet', max_tokens: 8, messages: HELLO }));
      stack.fake.program({ model: MODEL_ID }, { error: 'rate_limit' }, { times: 1 });
      const throttled = await call();
      stack.fake.program({ model: MODEL_ID }, { error: 'bad_request' }, { times: 1 });
      const invalid = await call();
      stack.fake.program({ model: MODEL_ID }, { error: 'server_error' }, { times: 1 });
      const broken = await call();
      stack.fake.program({ model: MODEL_ID }, { error: 'overloaded' }, { times: 1 });
      const unavailable = await failure(client(me.apiKey).messages.stream({ model: 'bedrock-sonnet', max_tokens: 8, messages: HELLO }).finalMessage());

      expect(throttled).toBeInstanceOf(RateLimitError);
      expect(throttled.error).toEqual({
        type: 'error',
        error: { type: 'rate_limit_error', message: 'ThrottlingException: Too many requests, please wait before trying again.' },
      });
      expect(invalid).toBeInstanceOf(BadRequestError);
      expect([invalid.type, invalid.apiMessage]).toEqual(['invalid_request_error', expect.stringMatching(/^ValidationException: Malformed input request/)]);
      expect(broken).toBeInstanceOf(InternalServerError);
      expect([broken.status, broken.type]).toEqual([500, 'api_error']);
      expect(broken.apiMessage).toMatch(/^InternalServerException: /);
      expect(unavailable).toBeInstanceOf(ServiceUnavailableError);
      expect([unavailable.status, unavailable.type, unavailable.apiMessage]).toEqual([
        503,
        'overloaded_error',
        'ServiceUnavailableException: Bedrock is unable to process your request.',
      ]);
      expect(stack.fake.requests).toHaveLength(4);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });
  });
});
