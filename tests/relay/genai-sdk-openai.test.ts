// Google's official Gen AI SDK (@google/genai) against the whole stack, to an OpenAI channel (type
// 1): every call is translated, generateContent to chat completions and back. Both path styles the
// SDK speaks (its default `/v1`, and `/v1beta`): a whole generation, a stream (chunks as they come,
// the last with the finish reason and usage), a function call and its response, an image, JSON
// output by schema, thinking, embeddings one and many, token counting by the gateway, upstream
// errors and a cut stream in Google's error object, and the exact quota of each — OpenAI's
// formula, as the usage is OpenAI's.
import { ApiError, Type } from '@google/genai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { collect, DEFAULT_PIECES, DEFAULT_TEXT, expectNothingCharged, PNG_1X1, type User } from './anthropic-sdk-support';
import { genaiClient, genaiFailure as failure, partsOf, requestIdOf } from './genai-sdk-support';

jest.setTimeout(30_000);

const INITIAL = 100_000_000;
const KEY = 'sk-openai-genai';
const HELLO = 'Say hello.';

type Body = Record<string, any>;

/**
 * OpenAI's formula with this file's ratios for `gpt-test` (ModelRatio 1.5, CompletionRatio 4,
 * CacheRatio 0.25): round((prompt − cached + cached × 0.25 + completion × 4) × 1.5), in hundredths.
 */
function gptQuota(u: { prompt: number; cached?: number; completion: number }): number {
  const cached = u.cached ?? 0;
  const hundredths = (u.prompt - cached) * 100 + cached * 25 + u.completion * 400;
  return Math.max(1, Math.round((hundredths * 15) / 1000));
}

describe('Gen AI SDK → OpenAI channel (translated)', () => {
  let stack: RelayStack;
  let user: User;
  let channelId: number;

  /** The SDK against the stack; no retries, so every error surfaces. */
  const genai = (apiKey = user.apiKey, apiVersion?: 'v1beta') => genaiClient(stack, apiKey, apiVersion);
  const freshUser = () => stack.userWithToken(INITIAL);
  const sent = (index: number) => stack.fake.requests[index]!.body as Body;
  const sentinel = (apiKey: string) => async () => requestIdOf(await genai(apiKey).models.generateContent({ model: 'gpt-test', contents: HELLO }));
  /** The gateway's own count of a prompt (what it bills when no usage comes back). */
  const localCount = async (contents: string) => (await genai().models.countTokens({ model: 'gpt-test', contents })).totalTokens!;

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'gpt-test': 1.5, 'o3-test': 1, 'text-embedding-test': 1 }),
      CompletionRatio: JSON.stringify({ 'gpt-test': 4, 'o3-test': 4 }),
      CacheRatio: JSON.stringify({ 'gpt-test': 0.25 }),
      RetryTimes: '0',
    });
    channelId = await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: KEY, models: ['gpt-test', 'o3-test', 'text-embedding-test'], autoBan: false });
    user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, ['gpt-test', 'o3-test', 'text-embedding-test']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe('generateContent', () => {
    it.each([['/v1', undefined], ['/v1beta', 'v1beta' as const]])(
      'translates a whole generation to a chat completion and back (%s); billed by OpenAI’s formula',
      async (_path, apiVersion) => {
        const me = await freshUser();
        stack.fake.program({ model: 'gpt-test' }, { promptTokens: 40, cachedTokens: 8, completionTokens: 5 }, { times: 1 });
        const response = await genai(me.apiKey, apiVersion).models.generateContent({
          model: 'gpt-test',
          contents: HELLO,
          config: { systemInstruction: 'Be brief.', maxOutputTokens: 64, temperature: 0.2, topP: 0.9, stopSequences: ['END'], seed: 5 },
        });

        expect(response.text).toBe(DEFAULT_TEXT);
        expect(response.candidates).toEqual([{ content: { role: 'model', parts: [{ text: DEFAULT_TEXT }] }, finishReason: 'STOP', index: 0 }]);
        expect(response.usageMetadata).toEqual({ promptTokenCount: 40, candidatesTokenCount: 5, cachedContentTokenCount: 8, totalTokenCount: 45 });
        expect(response.modelVersion).toBe('gpt-test');
        expect(response.responseId).toMatch(/^chatcmpl-/);
        expect(stack.fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', apiKey: KEY, stream: false });
        expect(sent(0)).toEqual({
          model: 'gpt-test',
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: HELLO },
          ],
          max_tokens: 64,
          temperature: 0.2,
          top_p: 0.9,
          stop: ['END'],
          seed: 5,
        });

        const [log] = await stack.waitForLogs(me.userId, 1);
        // round((32 + 8 × 0.25 + 5 × 4) × 1.5) = 81
        expect(gptQuota({ prompt: 40, cached: 8, completion: 5 })).toBe(81);
        expect(log).toMatchObject({ requestId: requestIdOf(response), channelId, model: 'gpt-test', promptTokens: 40, completionTokens: 5, quota: 81, isStream: false });
        const balances = await stack.balances(me.userId);
        expect([balances.usedQuota, balances.requestCount]).toEqual([81, 1]);
      },
    );

    it('maps finish reasons: length to MAX_TOKENS, content_filter to SAFETY', async () => {
      stack.fake.program({ model: 'gpt-test' }, { finishReason: 'length' }, { times: 1 });
      const cut = await genai().models.generateContent({ model: 'gpt-test', contents: HELLO });
      expect(cut.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
      stack.fake.program({ model: 'gpt-test' }, { finishReason: 'content_filter' }, { times: 1 });
      const chunks = await collect(await genai().models.generateContentStream({ model: 'gpt-test', contents: HELLO }));
      expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe('SAFETY');
    });
  });

  describe('streaming', () => {
    it.each([[undefined], ['v1beta' as const]])('streams chunks as they come, the last with finish reason and usage (%s); billed exactly', async (apiVersion) => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { promptTokens: 12 }, { times: 1 });
      const chunks = await collect(await genai(me.apiKey, apiVersion).models.generateContentStream({ model: 'gpt-test', contents: HELLO }));
      expect(chunks.map((chunk) => chunk.text ?? '')).toEqual([...DEFAULT_PIECES, '']);
      expect(chunks.every((chunk) => chunk.modelVersion === 'gpt-test' && chunk.responseId === chunks[0]!.responseId)).toBe(true);
      expect(chunks.slice(0, -1).every((chunk) => chunk.usageMetadata === undefined && chunk.candidates?.[0]?.finishReason === undefined)).toBe(true);
      expect(chunks.at(-1)).toMatchObject({
        candidates: [{ finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 },
      });
      expect(stack.fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', stream: true });
      expect(sent(0)).toMatchObject({ stream: true, stream_options: { include_usage: true } });

      const [log] = await stack.waitForLogs(me.userId, 1);
      // round((12 + 6 × 4) × 1.5) = 54
      expect(log).toMatchObject({ isStream: true, promptTokens: 12, completionTokens: 6, quota: 54 });
    });

    it('streams one JSON array to a REST client that did not ask for alt=sse', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { promptTokens: 12 }, { times: 1 });
      const response = await fetch(`${stack.url}/v1beta/models/gpt-test:streamGenerateContent?key=${me.apiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ parts: [{ text: HELLO }] }] }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const chunks = (await response.json()) as Body[];
      expect(chunks.map((chunk) => chunk['candidates'][0].content.parts[0].text)).toEqual([...DEFAULT_PIECES, '']);
      expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 6 } });
      const [log] = await stack.waitForLogs(me.userId, 1);
      expect(log).toMatchObject({ isStream: true, promptTokens: 12, completionTokens: 6, quota: 54 });
    });

    it('keeps a streamed turn in a chat’s history, and sends it back', async () => {
      const chat = genai().chats.create({ model: 'gpt-test' });
      const chunks = await collect(await chat.sendMessageStream({ message: HELLO }));
      expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe(DEFAULT_TEXT);
      await chat.sendMessage({ message: 'Again.' });
      expect(sent(1)['messages']).toEqual([
        { role: 'user', content: HELLO },
        { role: 'assistant', content: DEFAULT_TEXT },
        { role: 'user', content: 'Again.' },
      ]);
    });

    it('ends a stream the upstream cuts with Google’s error object (the SDK throws); the prompt and the delivered text are charged', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { disconnectAfter: 3 }, { times: 1 });
      const texts: string[] = [];
      const error = await failure(
        (async () => {
          for await (const chunk of await genai(me.apiKey).models.generateContentStream({ model: 'gpt-test', contents: HELLO })) texts.push(chunk.text ?? '');
        })(),
      );
      expect(texts).toEqual(['Hello', ' from', ' the']);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(502);
      expect(error.message).toBe(
        `got status: UNAVAILABLE. ${JSON.stringify({ error: { code: 502, message: 'the upstream stream ended before the answer was complete', status: 'UNAVAILABLE' } })}`,
      );

      const prompt = await localCount(HELLO);
      const [log] = await stack.waitForLogs(me.userId, 1);
      // "Hello from the" is 3 tokens: round((P + 3 × 4) × 1.5).
      expect(log).toMatchObject({ isStream: true, promptTokens: prompt, completionTokens: 3, quota: gptQuota({ prompt, completion: 3 }) });
    });
  });

  describe('function calling, images, JSON, thinking', () => {
    const tools = [
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'The weather of a city.',
            parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
          },
        ],
      },
    ];
    const args = '{"city":"Paris"}';

    it('answers a call with its args parsed, then sends its functionResponse back as a tool message; billed each time', async () => {
      const me = await freshUser();
      const ai = genai(me.apiKey);
      stack.fake.program({ model: 'gpt-test' }, { toolCalls: [{ name: 'get_weather', arguments: args, id: 'call_w1' }], promptTokens: 50, completionTokens: 20 }, { times: 1 });
      const first = await ai.models.generateContent({
        model: 'gpt-test',
        contents: 'Weather in Paris?',
        config: { tools, toolConfig: { functionCallingConfig: { mode: 'ANY' as never } } },
      });
      expect(first.functionCalls).toEqual([{ id: 'call_w1', name: 'get_weather', args: { city: 'Paris' } }]);
      expect(first.candidates?.[0]?.finishReason).toBe('STOP');
      expect(sent(0)).toMatchObject({
        tools: [
          {
            type: 'function',
            function: { name: 'get_weather', description: 'The weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
          },
        ],
        tool_choice: 'required',
      });

      stack.fake.program({ model: 'gpt-test' }, { text: 'It is 18 °C in Paris.', promptTokens: 80, completionTokens: 9 }, { times: 1 });
      const second = await ai.models.generateContent({
        model: 'gpt-test',
        contents: [
          { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
          first.candidates![0]!.content!,
          { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '18 °C' } } }] },
        ],
        config: { tools },
      });
      expect(second.text).toBe('It is 18 °C in Paris.');
      expect(sent(1)['messages']).toEqual([
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: args } }] },
        { role: 'tool', tool_call_id: 'call_w1', content: '{"output":"18 °C"}' },
      ]);

      const logs = await stack.waitForLogs(me.userId, 2);
      // round((50 + 20 × 4) × 1.5) = 195, then round((80 + 9 × 4) × 1.5) = 174.
      expect(logs.map((log) => log.quota)).toEqual([195, 174]);
    });

    it('streams a call as one whole functionCall part', async () => {
      stack.fake.program({ model: 'gpt-test' }, { toolCalls: [{ name: 'get_weather', arguments: args }] }, { times: 1 });
      const chunks = await collect(await genai().models.generateContentStream({ model: 'gpt-test', contents: 'Weather in Paris?', config: { tools } }));
      const calls = partsOf(chunks).filter((part) => part.functionCall);
      expect(calls).toEqual([{ functionCall: { id: expect.stringMatching(/^call_/), name: 'get_weather', args: { city: 'Paris' } } }]);
      expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe('STOP');
    });

    it('sends an inline image and an image URL as image_url parts', async () => {
      const response = await genai().models.generateContent({
        model: 'gpt-test',
        contents: [
          {
            role: 'user',
            parts: [{ inlineData: { mimeType: 'image/png', data: PNG_1X1 } }, { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/cat.png' } }, { text: 'What are these?' }],
          },
        ],
      });
      expect(response.text).toBe(DEFAULT_TEXT);
      expect(sent(0)['messages']).toEqual([
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
            { type: 'text', text: 'What are these?' },
          ],
        },
      ]);
    });

    it('asks for JSON by schema as response_format json_schema', async () => {
      stack.fake.program({ model: 'gpt-test' }, { text: '{"city":"Paris"}' }, { times: 1 });
      const response = await genai().models.generateContent({
        model: 'gpt-test',
        contents: 'Name a city.',
        config: { responseMimeType: 'application/json', responseSchema: { type: Type.OBJECT, properties: { city: { type: Type.STRING } } } },
      });
      expect(JSON.parse(response.text!)).toEqual({ city: 'Paris' });
      expect(sent(0)['response_format']).toEqual({
        type: 'json_schema',
        json_schema: { name: 'response', schema: { type: 'object', properties: { city: { type: 'string' } } } },
      });
    });

    it('returns reasoning as thought parts when thoughts are asked for, asking a reasoning model for the effort of the budget', async () => {
      const me = await freshUser();
      const reasoning = 'The user greets me so I greet back.';
      stack.fake.program({ model: 'o3-test' }, { reasoning, promptTokens: 10 }, { times: 2 });
      const config = { thinkingConfig: { includeThoughts: true, thinkingBudget: 16384 } };
      const whole = await genai(me.apiKey).models.generateContent({ model: 'o3-test', contents: HELLO, config });
      expect(whole.candidates?.[0]?.content?.parts).toEqual([{ text: reasoning, thought: true }, { text: DEFAULT_TEXT }]);
      expect(whole.text).toBe(DEFAULT_TEXT);
      expect(sent(0)).toMatchObject({ model: 'o3-test', reasoning_effort: 'high' });

      const chunks = await collect(await genai(me.apiKey).models.generateContentStream({ model: 'o3-test', contents: HELLO, config }));
      const parts = partsOf(chunks);
      expect(parts.filter((part) => part.thought).map((part) => part.text).join('')).toBe(reasoning);
      expect(parts.filter((part) => !part.thought).map((part) => part.text).join('')).toBe(DEFAULT_TEXT);

      // The reasoning counts as completion: 8 words + 6 chunks = 14: round((10 + 14 × 4) × 1) = 66.
      const logs = await stack.waitForLogs(me.userId, 2);
      expect(logs.map((log) => [log.completionTokens, log.quota])).toEqual([
        [14, 66],
        [14, 66],
      ]);
    });
  });

  describe('embeddings and token counting', () => {
    it('embeds many (the SDK’s batchEmbedContents) and one (:embedContent) through /v1/embeddings; billed by the prompt tokens', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'text-embedding-test' }, { promptTokens: 6 }, { times: 2 });
      const many = await genai(me.apiKey).models.embedContent({ model: 'text-embedding-test', contents: ['hello world', 'good morning'], config: { outputDimensionality: 8 } });
      expect(many.embeddings?.map((embedding) => embedding.values?.length)).toEqual([8, 8]);
      expect(stack.fake.requests[0]).toMatchObject({ path: '/v1/embeddings', apiKey: KEY });
      expect(sent(0)).toEqual({ model: 'text-embedding-test', input: ['hello world', 'good morning'], encoding_format: 'float', dimensions: 8 });

      const one = await fetch(`${stack.url}/v1beta/models/text-embedding-test:embedContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': me.apiKey },
        body: JSON.stringify({ content: { parts: [{ text: 'hello world' }] } }),
      });
      expect(one.status).toBe(200);
      expect(((await one.json()) as Body)['embedding'].values).toHaveLength(16);
      expect(sent(1)['input']).toBe('hello world');

      const logs = await stack.waitForLogs(me.userId, 2);
      expect(logs.map((log) => [log.promptTokens, log.completionTokens, log.quota])).toEqual([
        [6, 0, 6],
        [6, 0, 6],
      ]);
    });

    it('counts tokens itself: no upstream call, a count that grows with the prompt; free of charge', async () => {
      const me = await freshUser();
      const short = await genai(me.apiKey).models.countTokens({ model: 'gpt-test', contents: HELLO });
      const long = await genai(me.apiKey, 'v1beta').models.countTokens({
        model: 'gpt-test',
        contents: 'Please tell me, in detail, everything you know about the weather in Paris in spring.',
      });
      expect(short.totalTokens).toBeGreaterThan(0);
      expect(long.totalTokens).toBeGreaterThan(short.totalTokens! + 10);
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });
  });

  describe('errors', () => {
    it.each([
      ['rate_limit' as const, 429, 'RESOURCE_EXHAUSTED'],
      ['server_error' as const, 500, 'INTERNAL'],
    ])('answers the upstream’s %s as Google’s error (%i %s), charging nothing', async (kind, status, name) => {
      const me = await freshUser();
      stack.fake.program({ model: 'gpt-test' }, { error: kind }, { times: 1 });
      const error = await failure(genai(me.apiKey).models.generateContent({ model: 'gpt-test', contents: HELLO }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(JSON.parse(error.message)).toMatchObject({ error: { code: status, status: name } });
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('refuses what a chat completion cannot carry (Google Search) with a 400 INVALID_ARGUMENT, never sent', async () => {
      const error = await failure(genai().models.generateContent({ model: 'gpt-test', contents: HELLO, config: { tools: [{ googleSearch: {} }] } }));
      expect(error.status).toBe(400);
      expect(JSON.parse(error.message)).toEqual({
        error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('Google Search') },
      });
      expect(stack.fake.requests).toEqual([]);
    });
  });
});
