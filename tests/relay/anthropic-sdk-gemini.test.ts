// The official Anthropic SDK against the whole stack, to a Gemini channel (type 24): every call is
// translated, Messages to generateContent (streamed as server-sent events) and back, token counts
// to Gemini's countTokens. Messages whole and streamed (Anthropic's event order built from Gemini's
// chunks, `finalMessage()`), tools with a `tool_result` turn, images, thinking, safety blocks,
// Google's errors as the SDK's error classes, a cut stream, and the exact quota of each (OpenAI's
// formula on Gemini's usage: thoughts are output tokens, cached content at the cache ratio).
import Anthropic, { APIError, BadRequestError, RateLimitError } from '@anthropic-ai/sdk';
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

jest.setTimeout(30_000);

type Body = Record<string, any>;

const INITIAL = 100_000_000;
const KEY = 'AIzaFakeGeminiKey';
const MODEL = 'gem-test';
const WEATHER_TOOL: Anthropic.Tool = {
  name: 'get_weather',
  description: 'Weather of a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/**
 * OpenAI's formula with this file's ratios (ModelRatio 1.5, CompletionRatio 4, CacheRatio 0.25):
 * round((prompt − cached + cached × 0.25 + completion × 4) × 1.5), in hundredths.
 */
function quotaOf(u: { prompt: number; cached?: number; completion: number }): number {
  const cached = u.cached ?? 0;
  const hundredths = (u.prompt - cached) * 100 + cached * 25 + u.completion * 400;
  return Math.max(1, Math.round((hundredths * 15) / 1000));
}

describe('Anthropic SDK → Gemini channel (translated)', () => {
  let stack: RelayStack;
  let channelId: number;

  const client = (user: User) => anthropicClient(stack, user.apiKey);
  const freshUser = () => stack.userWithToken(INITIAL);
  const sent = (index = 0) => stack.fake.requests[index]!.body as Body;
  const sentinel = (user: User) => async () => {
    const { response } = await client(user).messages.create({ model: MODEL, max_tokens: 16, messages: HELLO }).withResponse();
    return response.headers.get('x-request-id');
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ [MODEL]: 1.5 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 4 }),
      CacheRatio: JSON.stringify({ [MODEL]: 0.25 }),
      RetryTimes: '0',
    });
    channelId = await stack.seedChannel({ type: 24, baseUrl: stack.fake.url, key: KEY, models: [MODEL], autoBan: false });
    const user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, [MODEL]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('translates a whole message to generateContent and the answer back; billed by OpenAI’s formula on Gemini’s usage', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 30, cachedTokens: 10 }, { times: 1 });
    const { data: message, response } = await client(me)
      .messages.create({
        model: MODEL,
        max_tokens: 256,
        system: 'Be brief.',
        temperature: 0.5,
        top_k: 4,
        stop_sequences: ['END'],
        messages: HELLO,
      } as Anthropic.MessageCreateParamsNonStreaming)
      .withResponse();

    expect(message).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text: DEFAULT_TEXT }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 20, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 10 },
    });
    const [upstream] = stack.fake.requests;
    expect(upstream).toMatchObject({ path: `/v1beta/models/${MODEL}:generateContent`, apiKey: KEY, stream: false });
    expect(upstream!.headers['x-api-key']).toBeUndefined();
    expect(upstream!.body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Say hello.' }] }],
      generationConfig: { maxOutputTokens: 256, temperature: 0.5, topK: 4, stopSequences: ['END'] },
      // The channel's gemini.safety_settings, added by the adapter.
      safetySettings: expect.any(Array),
    });

    const [log] = await stack.waitForLogs(me.userId, 1);
    // round((30 − 10 + 10 × 0.25 + 6 × 4) × 1.5) = round(69.75) = 70
    expect(quotaOf({ prompt: 30, cached: 10, completion: 6 })).toBe(70);
    expect(log).toMatchObject({
      requestId: response.headers.get('x-request-id'),
      model: MODEL,
      channelId,
      promptTokens: 30,
      completionTokens: 6,
      quota: 70,
      isStream: false,
    });
  });

  it('builds Anthropic’s event order from Gemini’s chunks; finalMessage() assembles them; billed by the stream’s usage', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 12 }, { times: 2 });
    const { data: stream, response } = await client(me).messages.create({ model: MODEL, max_tokens: 64, messages: HELLO, stream: true }).withResponse();
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
    // Gemini reports the prompt on its first chunk already.
    expect(events[0]).toMatchObject({ message: { model: MODEL, role: 'assistant', content: [], usage: { input_tokens: 12, output_tokens: 0 } } });
    expect(events.at(-2)).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 12, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
    expect(stack.fake.requests[0]).toMatchObject({ path: `/v1beta/models/${MODEL}:streamGenerateContent`, query: { alt: 'sse' } });

    const texts: string[] = [];
    const helper = client(me).messages.stream({ model: MODEL, max_tokens: 64, messages: HELLO });
    helper.on('text', (delta) => texts.push(delta));
    const final = await helper.finalMessage();
    expect(texts).toEqual(DEFAULT_PIECES);
    expect(final).toMatchObject({ content: [{ type: 'text', text: DEFAULT_TEXT }], stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 6 } });

    const logs = await stack.waitForLogs(me.userId, 2);
    // round((12 + 6 × 4) × 1.5) = 54, each.
    expect(logs.map((l) => [l.promptTokens, l.completionTokens, l.quota, l.isStream])).toEqual([
      [12, 6, 54, true],
      [12, 6, 54, true],
    ]);
  });

  it('returns a function call as tool_use (whole and streamed) and sends the tool_result back as a function response', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }, { times: 2 });
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client(me).messages.create({ model: MODEL, max_tokens: 64, messages, tools: [WEATHER_TOOL], tool_choice: { type: 'tool', name: 'get_weather' } });
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([{ type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'get_weather', input: { city: 'Paris' } }]);
    expect(sent(0)['tools']).toEqual([{ functionDeclarations: [{ name: 'get_weather', description: 'Weather of a city', parametersJsonSchema: WEATHER_TOOL.input_schema }] }]);
    expect(sent(0)['toolConfig']).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } });

    const events = await collect(await client(me).messages.create({ model: MODEL, max_tokens: 64, messages, tools: [WEATHER_TOOL], stream: true }));
    expect(eventShape(events)).toEqual(['message_start', 'content_block_start', 'content_block_delta:input_json_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(events[2]).toMatchObject({ delta: { partial_json: '{"city":"Paris"}' } });
    expect(events[4]).toMatchObject({ delta: { stop_reason: 'tool_use' } });

    const use = first.content[0] as Anthropic.ToolUseBlock;
    const answer = await client(me).messages.create({
      model: MODEL,
      max_tokens: 64,
      tools: [WEATHER_TOOL],
      messages: [...messages, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'Sunny, 21°C' }] }],
    });
    expect(answer.content).toEqual([{ type: 'text', text: DEFAULT_TEXT }]);
    expect(sent(2)['contents']).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'skip_thought_signature_validator' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'Sunny, 21°C' } } }] },
    ]);
  });

  it('sends an image inline and thinks with the budget asked, its thoughts as a thinking block and billed as output', async () => {
    const me = await freshUser();
    const image = await client(me).messages.create({
      model: MODEL,
      max_tokens: 64,
      messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } }, { type: 'text', text: 'What is it?' }] }],
    });
    expect(image.content).toEqual([{ type: 'text', text: DEFAULT_TEXT }]);
    expect(sent(0)['contents'][0].parts[0]).toEqual({ inlineData: { mimeType: 'image/png', data: PNG_1X1 } });
    expect(image.usage.input_tokens).toBeGreaterThanOrEqual(258);

    stack.fake.program({ model: MODEL }, { reasoning: 'Think it over', promptTokens: 9 }, { times: 2 });
    const thought = await client(me).messages.create({ model: MODEL, max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 2048 }, messages: HELLO });
    expect(sent(1)['generationConfig']).toEqual({ maxOutputTokens: 4096, thinkingConfig: { thinkingBudget: 2048, includeThoughts: true } });
    expect(thought.content).toEqual([
      { type: 'thinking', thinking: 'Think it over', signature: expect.any(String) },
      { type: 'text', text: DEFAULT_TEXT },
    ]);
    expect(thought.usage).toMatchObject({ input_tokens: 9, output_tokens: 9 });

    const streamed = await client(me).messages.stream({ model: MODEL, max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 2048 }, messages: HELLO }).finalMessage();
    expect(streamed.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect((streamed.content[0] as Anthropic.ThinkingBlock).thinking).toBe('Think it over');

    const logs = await stack.waitForLogs(me.userId, 3);
    expect(logs.slice(1).map((l) => [l.promptTokens, l.completionTokens, l.quota])).toEqual([
      [9, 9, quotaOf({ prompt: 9, completion: 9 })],
      [9, 9, quotaOf({ prompt: 9, completion: 9 })],
    ]);
  });

  it('counts tokens with Gemini’s countTokens for the whole request, free of charge', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 42 }, { times: 1 });
    const counted = await client(me).messages.countTokens({ model: MODEL, system: 'Be brief.', messages: HELLO, tools: [WEATHER_TOOL] });
    expect(counted).toEqual({ input_tokens: 42 });
    const [upstream] = stack.fake.requests;
    expect(upstream!.path).toBe(`/v1beta/models/${MODEL}:countTokens`);
    expect(upstream!.body).toEqual({
      generateContentRequest: {
        model: `models/${MODEL}`,
        contents: [{ role: 'user', parts: [{ text: 'Say hello.' }] }],
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather of a city', parametersJsonSchema: WEATHER_TOOL.input_schema }] }],
      },
    });
    await expectNothingCharged(stack, me, INITIAL, sentinel(me));
  });

  it('answers a blocked prompt with a 400 saying so, whole or streamed, and a blocked answer with stop_reason refusal', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { blocked: 'prompt' }, { times: 2 });
    const error = await failure(client(me).messages.create({ model: MODEL, max_tokens: 64, messages: HELLO }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(/blocked by the upstream \(blockReason SAFETY\)/);
    const streamed = await failure(client(me).messages.stream({ model: MODEL, max_tokens: 64, messages: HELLO }).finalMessage());
    expect(streamed).toBeInstanceOf(APIError);
    expect(streamed.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringMatching(/blockReason SAFETY/) } });

    stack.fake.program({ model: MODEL }, { blocked: 'response' }, { times: 2 });
    const refused = await client(me).messages.create({ model: MODEL, max_tokens: 64, messages: HELLO });
    expect(refused).toMatchObject({ content: [], stop_reason: 'refusal' });
    const refusedStream = await client(me).messages.stream({ model: MODEL, max_tokens: 64, messages: HELLO }).finalMessage();
    expect(refusedStream).toMatchObject({ content: [], stop_reason: 'refusal' });
  });

  it('maps Google’s errors to the SDK’s classes with Google’s message, and charges nothing for them', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { error: 'rate_limit' }, { times: 1 });
    const limited = await failure(client(me).messages.create({ model: MODEL, max_tokens: 64, messages: HELLO }));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited.message).toMatch(/Resource has been exhausted/);

    stack.fake.program({ model: MODEL }, { error: 'bad_request' }, { times: 1 });
    const bad = await failure(client(me).messages.create({ model: MODEL, max_tokens: 64, messages: HELLO }));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toMatch(/Request contains an invalid argument/);

    stack.fake.program({ model: MODEL }, { error: 'permission' }, { times: 1 });
    const denied = await failure(client(me).messages.create({ model: MODEL, max_tokens: 64, messages: HELLO, stream: true }));
    // The provider refusing the gateway's key is the gateway's fault (502), not the client's.
    expect(denied).toBeInstanceOf(APIError);
    expect(denied.status).toBe(502);
    expect(denied.message).toMatch(/rejected the gateway's credentials/);

    await expectNothingCharged(stack, me, INITIAL, sentinel(me));
  });

  it('ends a stream the upstream cuts with an error event, after the text that arrived', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { disconnectAfter: 3 }, { times: 1 });
    const stream = await client(me).messages.create({ model: MODEL, max_tokens: 64, messages: HELLO, stream: true });
    const events: Anthropic.RawMessageStreamEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of stream) events.push(event);
      })(),
    );
    expect(eventShape(events)).toEqual(['message_start', 'content_block_start', ...Array(3).fill('content_block_delta:text_delta')]);
    expect(error).toBeInstanceOf(APIError);
    expect(error.error).toEqual({ type: 'error', error: { type: 'api_error', message: 'the upstream stream ended before the answer was complete' } });
  });
});
