// The official OpenAI SDK against the whole stack, to a Gemini channel (type 24): every call is
// translated, chat completions to generateContent (streamed as server-sent events) and back,
// embeddings to batchEmbedContents. Text whole and streamed (chunk order, usage chunk), tools and
// their results, images, JSON schema output, reasoning, embeddings, safety blocks, Google's errors
// as the SDK's error classes, a cut stream, and the exact quota of each (OpenAI's formula on
// Gemini's usage: thoughts are completion tokens, cached content at the cache ratio).
import OpenAI, { BadRequestError, InternalServerError, RateLimitError } from 'openai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { collect, expectNothingCharged, failure, type User } from './openai-sdk-claude-support';

jest.setTimeout(30_000);

type Body = Record<string, any>;

const INITIAL = 100_000_000;
const KEY = 'AIzaFakeGeminiKey';
const MODEL = 'gem-test';
const EMBEDDING_MODEL = 'gem-embed-test';
const DEFAULT_TEXT = 'Hello from the fake upstream.';
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const HELLO: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Say hello.' }];
const WEATHER_TOOL: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
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

describe('OpenAI SDK → Gemini channel (translated)', () => {
  let stack: RelayStack;
  let channelId: number;

  const client = (user: User) => new OpenAI({ baseURL: `${stack.url}/v1`, apiKey: user.apiKey, maxRetries: 0 });
  const freshUser = async (): Promise<User> => {
    const user = await stack.userWithToken(INITIAL);
    return { userId: user.userId, apiKey: user.apiKey };
  };
  const sent = (index = 0) => stack.fake.requests[index]!.body as Body;
  const sentinel = (user: User) => async () => {
    const { response } = await client(user).chat.completions.create({ model: MODEL, messages: HELLO }).withResponse();
    return response.headers.get('x-request-id');
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ [MODEL]: 1.5, [EMBEDDING_MODEL]: 1.5 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 4, [EMBEDDING_MODEL]: 4 }),
      CacheRatio: JSON.stringify({ [MODEL]: 0.25 }),
      RetryTimes: '0',
    });
    channelId = await stack.seedChannel({ type: 24, baseUrl: stack.fake.url, key: KEY, models: [MODEL, EMBEDDING_MODEL], autoBan: false });
    const user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, [MODEL, EMBEDDING_MODEL]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('translates a whole chat completion to generateContent and the answer back; billed by OpenAI’s formula on Gemini’s usage', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 25, cachedTokens: 8 }, { times: 1 });
    const { data: completion, response } = await client(me)
      .chat.completions.create({
        model: MODEL,
        messages: [{ role: 'system', content: 'Be brief.' }, ...HELLO],
        max_tokens: 64,
        temperature: 0.5,
        stop: ['END'],
        seed: 3,
      })
      .withResponse();

    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content: DEFAULT_TEXT }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 25, completion_tokens: 6, total_tokens: 31, prompt_tokens_details: { cached_tokens: 8 } },
    });
    const [upstream] = stack.fake.requests;
    expect(upstream).toMatchObject({ path: `/v1beta/models/${MODEL}:generateContent`, apiKey: KEY, stream: false });
    expect(upstream!.headers['x-goog-api-key']).toBe(KEY);
    expect(upstream!.headers['authorization']).toBeUndefined();
    expect(upstream!.body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Say hello.' }] }],
      generationConfig: { maxOutputTokens: 64, temperature: 0.5, stopSequences: ['END'], seed: 3 },
      // The channel's gemini.safety_settings, added by the adapter.
      safetySettings: expect.any(Array),
    });

    const [log] = await stack.waitForLogs(me.userId, 1);
    // round((25 − 8 + 8 × 0.25 + 6 × 4) × 1.5) = round(64.5) = 65 (halves away from zero)
    expect(quotaOf({ prompt: 25, cached: 8, completion: 6 })).toBe(65);
    expect(log).toMatchObject({
      requestId: response.headers.get('x-request-id'),
      model: MODEL,
      channelId,
      promptTokens: 25,
      completionTokens: 6,
      quota: 65,
      isStream: false,
    });
  });

  it('streams Gemini’s chunks as OpenAI chunks: role first, the text, the finish reason, the usage chunk asked for, and bills the stream’s usage', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 11 }, { times: 1 });
    const stream = await client(me).chat.completions.create({ model: MODEL, messages: HELLO, stream: true, stream_options: { include_usage: true } });
    const chunks = await collect(stream);

    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe(DEFAULT_TEXT);
    const finishes = chunks.map((chunk) => chunk.choices[0]?.finish_reason ?? null).filter((reason) => reason !== null);
    expect(finishes).toEqual(['stop']);
    const last = chunks[chunks.length - 1]!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 6, total_tokens: 17 });
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);

    const [upstream] = stack.fake.requests;
    expect(upstream).toMatchObject({ path: `/v1beta/models/${MODEL}:streamGenerateContent`, query: { alt: 'sse' } });
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log).toMatchObject({ promptTokens: 11, completionTokens: 6, quota: quotaOf({ prompt: 11, completion: 6 }), isStream: true });
  });

  it('offers tools as function declarations, returns a function call as a tool call, and sends the tool result back as a function response', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }, { times: 2 });
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client(me).chat.completions.create({ model: MODEL, messages, tools: [WEATHER_TOOL], tool_choice: 'required' });
    const call = first.choices[0]!.message.tool_calls![0]! as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(call).toEqual({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(sent(0)['tools']).toEqual([{ functionDeclarations: [{ name: 'get_weather', description: 'Weather of a city', parametersJsonSchema: WEATHER_TOOL.function.parameters }] }]);
    expect(sent(0)['toolConfig']).toEqual({ functionCallingConfig: { mode: 'ANY' } });

    // The same call streamed: one whole tool-call delta with its id, name and arguments.
    const chunks = await collect(await client(me).chat.completions.create({ model: MODEL, messages, tools: [WEATHER_TOOL], stream: true }));
    const deltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(deltas).toEqual([{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual(['tool_calls']);

    const answer = await client(me).chat.completions.create({
      model: MODEL,
      tools: [WEATHER_TOOL],
      messages: [...messages, first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: '{"temperature":21}' }],
    });
    expect(answer.choices[0]!.message.content).toBe(DEFAULT_TEXT);
    expect(sent(2)['contents']).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'skip_thought_signature_validator' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
    ]);
  });

  it('sends an image inline, asks for JSON by schema, and returns reasoning with its tokens billed as completion', async () => {
    const me = await freshUser();
    const image = await client(me).chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is it?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1}` } }] }],
    });
    expect(image.choices[0]!.message.content).toBe(DEFAULT_TEXT);
    expect(sent(0)['contents'][0].parts[1]).toEqual({ inlineData: { mimeType: 'image/png', data: PNG_1X1 } });
    // The fake counts 258 tokens per inline image, as Gemini does.
    expect(image.usage!.prompt_tokens).toBeGreaterThanOrEqual(258);

    const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city', 'days'] };
    const json = await client(me).chat.completions.create({
      model: MODEL,
      messages: HELLO,
      response_format: { type: 'json_schema', json_schema: { name: 'forecast', schema } },
    });
    expect(JSON.parse(json.choices[0]!.message.content!)).toEqual({ city: 'fake', days: 1 });
    expect(sent(1)['generationConfig']).toEqual({ responseMimeType: 'application/json', responseJsonSchema: schema });

    stack.fake.program({ model: MODEL }, { reasoning: 'Think it over', promptTokens: 9 }, { times: 1 });
    const reasoned = await client(me).chat.completions.create({ model: MODEL, messages: HELLO, reasoning_effort: 'low' });
    expect(sent(2)['generationConfig']).toEqual({ thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } });
    const message = reasoned.choices[0]!.message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
    expect(message.reasoning_content).toBe('Think it over');
    expect(message.content).toBe(DEFAULT_TEXT);
    expect(reasoned.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 9, completion_tokens_details: { reasoning_tokens: 3 } });
    const logs = await stack.waitForLogs(me.userId, 3);
    expect(logs[2]).toMatchObject({ promptTokens: 9, completionTokens: 9, quota: quotaOf({ prompt: 9, completion: 9 }) });
  });

  it('asks for images with modalities and returns those Gemini draws as data URLs in the message images', async () => {
    const me = await freshUser();
    // `modalities: ['image']` is the gateways' convention the openai SDK's types do not list.
    const completion = await client(me).chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Draw a dot.' }],
      modalities: ['image', 'text'] as unknown as ['text'],
    });
    expect(sent().generationConfig).toMatchObject({ responseModalities: ['TEXT', 'IMAGE'] });
    const images = (completion.choices[0]!.message as unknown as { images?: Array<{ image_url: { url: string } }> }).images ?? [];
    expect(images.map((image) => image.image_url.url.slice(0, 22))).toEqual(['data:image/png;base64,']);
  });

  it('embeds a list of texts with batchEmbedContents, decoded by the SDK from base64, billed by the gateway’s count', async () => {
    const me = await freshUser();
    const result = await client(me).embeddings.create({ model: EMBEDDING_MODEL, input: ['first text', 'second text'], dimensions: 8 });
    expect(result.data.map((item) => [item.index, item.embedding.length])).toEqual([
      [0, 8],
      [1, 8],
    ]);
    expect(result.data[0]!.embedding.every((value) => Number.isFinite(value))).toBe(true);
    const [upstream] = stack.fake.requests;
    expect(upstream!.path).toBe(`/v1beta/models/${EMBEDDING_MODEL}:batchEmbedContents`);
    expect(upstream!.body).toEqual({
      requests: ['first text', 'second text'].map((text) => ({
        model: `models/${EMBEDDING_MODEL}`,
        content: { parts: [{ text }] },
        outputDimensionality: 8,
      })),
    });
    const prompt = result.usage.prompt_tokens;
    expect(prompt).toBeGreaterThan(0);
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log).toMatchObject({ model: EMBEDDING_MODEL, promptTokens: prompt, completionTokens: 0, quota: quotaOf({ prompt, completion: 0 }) });
  });

  it('answers a blocked prompt with a 400 saying so, whole or streamed, and a blocked answer with finish_reason content_filter', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { blocked: 'prompt' }, { times: 2 });
    const error = await failure(client(me).chat.completions.create({ model: MODEL, messages: HELLO }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(/blocked by the upstream \(blockReason SAFETY\)/);
    const streamed = await failure(collect(await client(me).chat.completions.create({ model: MODEL, messages: HELLO, stream: true })));
    expect(streamed.message).toMatch(/blocked by the upstream \(blockReason SAFETY\)/);

    stack.fake.program({ model: MODEL }, { blocked: 'response' }, { times: 1 });
    const filtered = await client(me).chat.completions.create({ model: MODEL, messages: HELLO });
    expect(filtered.choices[0]).toMatchObject({ message: { content: null }, finish_reason: 'content_filter' });
  });

  it('maps Google’s errors to the SDK’s classes with Google’s message, and charges nothing for them', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { error: 'rate_limit' }, { times: 1 });
    const limited = await failure(client(me).chat.completions.create({ model: MODEL, messages: HELLO }));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited.message).toMatch(/Resource has been exhausted/);

    stack.fake.program({ model: MODEL }, { error: 'bad_request' }, { times: 1 });
    const bad = await failure(client(me).chat.completions.create({ model: MODEL, messages: HELLO }));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toMatch(/Request contains an invalid argument/);

    stack.fake.program({ model: MODEL }, { error: 'permission' }, { times: 1 });
    const denied = await failure(client(me).chat.completions.create({ model: MODEL, messages: HELLO, stream: true }));
    // The provider refusing the gateway's key is the gateway's fault (502), not the client's.
    expect(denied).toBeInstanceOf(InternalServerError);
    expect(denied.status).toBe(502);
    expect(denied.message).toMatch(/rejected the gateway's credentials/);

    await expectNothingCharged(stack, me, INITIAL, sentinel(me));
  });

  it('ends a stream cut short with an error the SDK raises, after the text that arrived', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { disconnectAfter: 2 }, { times: 1 });
    const stream = await client(me).chat.completions.create({ model: MODEL, messages: HELLO, stream: true });
    const received: string[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    );
    expect(error.message).toMatch(/ended before the answer was complete/);
    expect(received.join('')).toBe('Hello from');
  });
});
