// The official Anthropic SDK against the whole stack, to an OpenAI channel (type 1): every call is
// translated, Messages to chat completions and back. Messages whole and streamed (Anthropic's
// event order built from OpenAI chunks, `finalMessage()`), tools with streamed input and a
// `tool_result` turn, images, reasoning as thinking blocks, token counting by the gateway, the
// model list, the SDK's error classes, mid-stream errors, cut and abandoned streams, and the exact
// quota of each — OpenAI's formula, as the usage is OpenAI's.
import Anthropic, {
  APIError,
  APIUserAbortError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
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
  type User,
} from './anthropic-sdk-support';
import { type OpenAIChannelSuite, toolImageAndThinkingCases } from './openai-channel/tools-images-thinking';

jest.setTimeout(30_000);

type Body = Record<string, any>;

const INITIAL = 100_000_000;
const KEY = 'sk-openai-1';
const ESTIMATE_NOTE = '（可能是请求出错）';

/**
 * OpenAI's formula with this file's ratios for `gpt-test` (ModelRatio 1.5, CompletionRatio 4,
 * CacheRatio 0.25): round((prompt − cached + cached × 0.25 + completion × 4) × 1.5), halves away
 * from zero, in hundredths.
 */
function gptQuota(u: { prompt: number; cached?: number; completion: number }): number {
  const cached = u.cached ?? 0;
  const hundredths = (u.prompt - cached) * 100 + cached * 25 + u.completion * 400;
  return Math.max(1, Math.round((hundredths * 15) / 1000));
}

describe('Anthropic SDK → OpenAI channel (translated)', () => {
  let stack: RelayStack;
  let user: User;
  let channelId: number;

  const client = (apiKey = user.apiKey) => anthropicClient(stack, apiKey);
  const freshUser = () => stack.userWithToken(INITIAL);
  const sent = (index: number) => stack.fake.requests[index]!.body as Body;
  /** The gateway's own count of a request's prompt (what it bills when no usage comes back). */
  const localCount = async (request: Omit<Anthropic.MessageCountTokensParams, 'model'> & { model?: string }) =>
    (await client().messages.countTokens({ model: 'gpt-test', ...request })).input_tokens;
  const sentinel = (apiKey: string) => async () => {
    const { response } = await client(apiKey).messages.create({ model: 'gpt-test', max_tokens: 16, messages: HELLO }).withResponse();
    return response.headers.get('x-request-id');
  };
  const suite: OpenAIChannelSuite = {
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
      ModelRatio: JSON.stringify({ 'gpt-test': 1.5, 'o3-test': 1 }),
      CompletionRatio: JSON.stringify({ 'gpt-test': 4, 'o3-test': 4 }),
      CacheRatio: JSON.stringify({ 'gpt-test': 0.25 }),
      RetryTimes: '0',
    });
    channelId = await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: KEY, models: ['gpt-test', 'o3-test'], autoBan: false });
    user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, ['gpt-test', 'o3-test']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe('messages', () => {
    it('translates a whole message to a chat completion and the answer back; billed by OpenAI’s formula', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { promptTokens: 25 }, { times: 1 });
      const { data: message, response } = await client(me.apiKey)
        .messages.create({
          model: 'gpt-test',
          max_tokens: 256,
          system: 'Be brief.',
          stop_sequences: ['END'],
          temperature: 0.5,
          metadata: { user_id: 'user-42' },
          messages: HELLO,
        } as Anthropic.MessageCreateParamsNonStreaming)
        .withResponse();

      expect(message).toEqual({
        id: expect.stringMatching(/^msg_chatcmpl-/),
        type: 'message',
        role: 'assistant',
        model: 'gpt-test',
        content: [{ type: 'text', text: DEFAULT_TEXT }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 25, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);

      const [upstream] = stack.fake.requests;
      expect(upstream).toMatchObject({ path: '/v1/chat/completions', apiKey: KEY, stream: false });
      expect(upstream!.headers['authorization']).toBe(`Bearer ${KEY}`);
      expect(upstream!.headers['anthropic-version']).toBeUndefined();
      expect(upstream!.body).toEqual({
        model: 'gpt-test',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Say hello.' },
        ],
        max_tokens: 256,
        temperature: 0.5,
        stop: ['END'],
        user: 'user-42',
      });

      const [log] = await stack.waitForLogs(me.userId, 1);
      // round((25 + 6 × 4) × 1.5) = round(73.5) = 74
      expect(gptQuota({ prompt: 25, completion: 6 })).toBe(74);
      expect(log).toMatchObject({
        requestId: response.headers.get('x-request-id'),
        model: 'gpt-test',
        channelId,
        promptTokens: 25,
        completionTokens: 6,
        quota: 74,
        isStream: false,
      });
      expect(log!.other).toMatchObject({ model_ratio: 1.5, completion_ratio: 4, cache_ratio: 0.25, cache_tokens: 0 });
      expect(log!.other.claude).toBeUndefined();
      expect(log!.content).not.toContain(ESTIMATE_NOTE);
    });

    it('reports cached prompt tokens as cache reads and bills them at the cache ratio, whole and streamed alike', async () => {
      const me = await freshUser();
      const usage = { promptTokens: 50, cachedTokens: 20, completionTokens: 7 };
      stack.fake.program({ model: 'gpt-test' }, usage, { times: 2 });
      const whole = await client(me.apiKey).messages.create({ model: 'gpt-test', max_tokens: 64, messages: HELLO });
      expect(whole.usage).toEqual({ input_tokens: 30, output_tokens: 7, cache_read_input_tokens: 20, cache_creation_input_tokens: 0 });
      const streamed = await client(me.apiKey).messages.stream({ model: 'gpt-test', max_tokens: 64, messages: HELLO }).finalMessage();
      expect(streamed.usage).toMatchObject({ input_tokens: 30, output_tokens: 7, cache_read_input_tokens: 20 });

      const logs = await stack.waitForLogs(me.userId, 2);
      // round((30 + 20 × 0.25 + 7 × 4) × 1.5) = round(94.5) = 95
      expect(gptQuota({ prompt: 50, cached: 20, completion: 7 })).toBe(95);
      expect(logs.map((l) => [l.isStream, l.promptTokens, l.completionTokens, l.quota, l.other.cache_tokens])).toEqual([
        [false, 50, 7, 95, 20],
        [true, 50, 7, 95, 20],
      ]);
    });

    it('maps finish reasons to stop reasons', async () => {
      stack.fake.program({ model: 'gpt-test' }, { finishReason: 'length' }, { times: 1 });
      const cut = await client().messages.create({ model: 'gpt-test', max_tokens: 6, messages: HELLO });
      expect(cut.stop_reason).toBe('max_tokens');
      stack.fake.program({ model: 'gpt-test' }, { finishReason: 'content_filter' }, { times: 1 });
      const streamed = await client().messages.stream({ model: 'gpt-test', max_tokens: 6, messages: HELLO }).finalMessage();
      expect(streamed.stop_reason).toBe('refusal');
    });
  });

  describe('streaming', () => {
    it('builds Anthropic’s event order from the chunks; finalMessage() assembles them; the upstream is asked for usage', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { promptTokens: 12 }, { times: 2 });
      const { data: stream, response } = await client(me.apiKey)
        .messages.create({ model: 'gpt-test', max_tokens: 64, messages: HELLO, stream: true })
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
      // An OpenAI upstream tells its usage at the end: message_start carries none, message_delta all of it.
      expect(events[0]).toMatchObject({
        type: 'message_start',
        message: { id: expect.stringMatching(/^msg_/), model: 'gpt-test', role: 'assistant', content: [], usage: { input_tokens: 0, output_tokens: 0 } },
      });
      expect(events[1]).toMatchObject({ index: 0, content_block: { type: 'text', text: '' } });
      expect(events.slice(2, 8).map((e) => (e as Anthropic.RawContentBlockDeltaEvent).delta)).toEqual(
        DEFAULT_PIECES.map((text) => ({ type: 'text_delta', text })),
      );
      expect(events.at(-2)).toEqual({
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { input_tokens: 12, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      });
      expect(stack.fake.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });

      const texts: string[] = [];
      const helper = client(me.apiKey).messages.stream({ model: 'gpt-test', max_tokens: 64, messages: HELLO });
      helper.on('text', (delta) => texts.push(delta));
      const final = await helper.finalMessage();
      expect(texts).toEqual(DEFAULT_PIECES);
      expect(final).toMatchObject({ content: [{ type: 'text', text: DEFAULT_TEXT }], stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 6 } });

      const logs = await stack.waitForLogs(me.userId, 2);
      expect(logs[0]!.requestId).toBe(response.headers.get('x-request-id'));
      // round((12 + 6 × 4) × 1.5) = 54, each.
      expect(logs.map((l) => [l.promptTokens, l.completionTokens, l.quota, l.isStream])).toEqual([
        [12, 6, 54, true],
        [12, 6, 54, true],
      ]);
    });

    it('a mid-stream upstream error ends the stream with an error event (the SDK throws); the delivered text is charged', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { streamErrorAfter: 2 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'gpt-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => texts.push(delta));
      const error = await failure(stream.finalMessage());
      expect(error).toBeInstanceOf(APIError);
      expect(error.type).toBe('api_error');
      expect(error.error).toEqual({ type: 'error', error: { type: 'api_error', message: expect.any(String) } });
      expect(texts).toEqual(['Hello', ' from']);

      const prompt = await localCount({ messages: HELLO });
      const [log] = await stack.waitForLogs(me.userId, 1);
      // No usage came: the prompt counted locally, "Hello from" (2 tokens) delivered.
      expect(log).toMatchObject({ promptTokens: prompt, completionTokens: 2, quota: gptQuota({ prompt, completion: 2 }), isStream: true });
      expect(log!.content).toContain(ESTIMATE_NOTE);
    });

    it('a stream the upstream cuts ends with an error event; the prompt and the delivered text are charged, estimated', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { disconnectAfter: 3 }, { times: 1 });
      const { data: stream } = await client(me.apiKey)
        .messages.create({ model: 'gpt-test', max_tokens: 64, messages: HELLO, stream: true })
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

      const prompt = await localCount({ messages: HELLO });
      const [log] = await stack.waitForLogs(me.userId, 1);
      // "Hello from the" is 3 tokens: round((P + 3 × 4) × 1.5).
      expect(log).toMatchObject({ promptTokens: prompt, completionTokens: 3, quota: gptQuota({ prompt, completion: 3 }), isStream: true });
      expect(log!.content).toContain(ESTIMATE_NOTE);
    });

    it('a client that aborts mid-stream aborts the upstream call and pays for what it received', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { text: 'one two three four five six seven eight', chunkDelayMs: 400 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'gpt-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => {
        texts.push(delta);
        if (texts.length === 2) stream.abort();
      });
      expect(await failure(stream.done())).toBeInstanceOf(APIUserAbortError);
      expect(texts).toEqual(['one', ' two']);
      expect(await eventually(() => stack.fake.requests[0]!.outcome === 'client-aborted', 3_000)).toBe(true);

      const prompt = await localCount({ messages: HELLO });
      const [log] = await stack.waitForLogs(me.userId, 1);
      expect(log).toMatchObject({ promptTokens: prompt, completionTokens: 2, quota: gptQuota({ prompt, completion: 2 }), isStream: true });
    });
  });

  toolImageAndThinkingCases(suite);

  describe('token counting and models', () => {
    it('counts tokens itself: no upstream call, a positive count that grows with the prompt and the tools; never logged', async () => {
      const me = await freshUser();
      const short = await client(me.apiKey).messages.countTokens({ model: 'gpt-test', messages: HELLO });
      const long = await client(me.apiKey).messages.countTokens({
        model: 'gpt-test',
        system: 'You are a meticulous assistant who answers in full sentences.',
        messages: [{ role: 'user', content: 'Please tell me, in detail, everything you know about the weather in Paris in spring.' }],
      });
      const withTools = await client(me.apiKey).messages.countTokens({
        model: 'gpt-test',
        messages: HELLO,
        tools: [{ name: 'get_weather', description: 'The weather of a city.', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      });
      expect(short.input_tokens).toBeGreaterThan(0);
      expect(short.input_tokens).toBeLessThan(20);
      expect(long.input_tokens).toBeGreaterThan(short.input_tokens + 15);
      expect(withTools.input_tokens).toBeGreaterThan(short.input_tokens + 5);
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('lists the models in Anthropic’s shape', async () => {
      const page = await client().models.list();
      expect(page.data).toEqual([
        { type: 'model', id: 'gpt-test', display_name: 'gpt-test', created_at: expect.any(String) },
        { type: 'model', id: 'o3-test', display_name: 'o3-test', created_at: expect.any(String) },
      ]);
      expect(page).toMatchObject({ has_more: false, first_id: 'gpt-test', last_id: 'o3-test' });
      expect(stack.fake.requests).toEqual([]);
    });
  });

  describe('errors', () => {
    it('upstream 429, 500 and 503 arrive as RateLimitError, InternalServerError and ServiceUnavailableError; nothing charged', async () => {
      const me = await freshUser();
      const call = () => failure(client(me.apiKey).messages.create({ model: 'gpt-test', max_tokens: 8, messages: HELLO }));
      stack.fake.program({ model: 'gpt-test' }, { error: 'rate_limit' }, { times: 1 });
      const limited = await call();
      stack.fake.program({ model: 'gpt-test' }, { error: 'server_error' }, { times: 1 });
      const broken = await call();
      stack.fake.program({ model: 'gpt-test' }, { error: 'overloaded', errorMessage: 'The engine is overloaded.' }, { times: 1 });
      const busy = await failure(client(me.apiKey).messages.stream({ model: 'gpt-test', max_tokens: 8, messages: HELLO }).finalMessage());

      expect(limited).toBeInstanceOf(RateLimitError);
      expect([limited.status, limited.type]).toEqual([429, 'rate_limit_error']);
      expect(limited.error).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: expect.stringContaining('Rate limit') } });
      expect(broken).toBeInstanceOf(InternalServerError);
      expect([broken.status, broken.type]).toEqual([500, 'api_error']);
      expect(busy).toBeInstanceOf(ServiceUnavailableError);
      expect([busy.status, busy.type, busy.apiMessage]).toEqual([503, 'api_error', 'The engine is overloaded.']);
      expect(stack.fake.requests).toHaveLength(3);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('an upstream 400 arrives as BadRequestError with the provider’s message', async () => {
      stack.fake.program({ model: 'gpt-test' }, { error: 'context_length' }, { times: 1 });
      const error = await failure(client().messages.create({ model: 'gpt-test', max_tokens: 8, messages: HELLO }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.type).toBe('invalid_request_error');
      expect(error.apiMessage).toContain('maximum context length');
    });

    it('400 BadRequestError for what a chat completion cannot carry (a server tool, a URL document); never sent, nothing charged', async () => {
      const me = await freshUser();
      const serverTool = await failure(
        client(me.apiKey).messages.create({
          model: 'gpt-test',
          max_tokens: 8,
          messages: HELLO,
          tools: [{ type: 'web_search_20250305', name: 'web_search' }],
        } as Anthropic.MessageCreateParamsNonStreaming),
      );
      const urlDocument = await failure(
        client(me.apiKey).messages.create({
          model: 'gpt-test',
          max_tokens: 8,
          messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } }] }],
        }),
      );
      for (const error of [serverTool, urlDocument]) {
        expect(error).toBeInstanceOf(BadRequestError);
        expect(error.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.any(String) } });
      }
      expect(serverTool.apiMessage).toContain('web_search_20250305');
      expect(urlDocument.apiMessage).toContain('messages.0.content.0');
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('404 NotFoundError for an unknown model; the streamed helper raises the same', async () => {
      const error = await failure(client().messages.stream({ model: 'no-such-model', max_tokens: 8, messages: HELLO }).finalMessage());
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.type).toBe('not_found_error');
      expect(stack.fake.requests).toEqual([]);
    });
  });
});
