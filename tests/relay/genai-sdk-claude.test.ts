// Google's official Gen AI SDK (@google/genai) against the whole stack, to a Claude channel (type
// 14): every call is translated, generateContent to Anthropic Messages and back. Both path styles
// the SDK speaks (its default `/v1`, and `/v1beta`): a whole generation (the channel's
// claude.default_max_tokens when the client gives no limit), a stream, a function call and its
// response with Claude's thinking carried through, an image, JSON output, thoughts, token counting
// by the gateway, embeddings (which Claude does not serve), upstream errors and a cut stream in
// Google's error object, and the exact quota of each — Claude's formula, as the usage is Claude's.
import { ApiError, Type } from '@google/genai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { collect, DEFAULT_PIECES, DEFAULT_TEXT, expectNothingCharged, PNG_1X1, type User } from './anthropic-sdk-support';
import { genaiClient, genaiFailure as failure, partsOf, requestIdOf } from './genai-sdk-support';

jest.setTimeout(30_000);

const INITIAL = 100_000_000;
const KEY = 'sk-ant-genai';
const HELLO = 'Say hello.';

type Body = Record<string, any>;

/**
 * Claude's formula with this file's ratios for `sonnet-test` (ModelRatio 2, CompletionRatio 5,
 * CacheRatio 0.1): trunc((in + read × 0.1 + out × 5) × 2), in hundredths.
 */
function sonnetQuota(u: { input: number; read?: number; output: number }): number {
  const hundredths = u.input * 100 + (u.read ?? 0) * 10 + u.output * 500;
  return Math.max(1, Math.trunc((hundredths * 2) / 100));
}

describe('Gen AI SDK → Claude channel (translated)', () => {
  let stack: RelayStack;
  let user: User;
  let channelId: number;

  /** The SDK against the stack; no retries, so every error surfaces. */
  const genai = (apiKey = user.apiKey, apiVersion?: 'v1beta') => genaiClient(stack, apiKey, apiVersion);
  const freshUser = () => stack.userWithToken(INITIAL);
  const sent = (index: number) => stack.fake.requests[index]!.body as Body;
  const sentinel = (apiKey: string) => async () => requestIdOf(await genai(apiKey).models.generateContent({ model: 'sonnet-test', contents: HELLO }));
  const userText = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'sonnet-test': 2 }),
      CompletionRatio: JSON.stringify({ 'sonnet-test': 5 }),
      CacheRatio: JSON.stringify({ 'sonnet-test': 0.1 }),
      RetryTimes: '0',
      'claude.default_max_tokens': JSON.stringify({ 'sonnet-test': 4096 }),
    });
    channelId = await stack.seedChannel({ type: 14, baseUrl: stack.fake.url, key: KEY, models: ['sonnet-test'], autoBan: false });
    user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, ['sonnet-test']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe('generateContent', () => {
    it.each([['/v1', undefined], ['/v1beta', 'v1beta' as const]])(
      'translates a whole generation to a Messages call and back (%s), max_tokens from the channel’s default; billed by Claude’s formula',
      async (_path, apiVersion) => {
        const me = await freshUser();
        stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 25, cachedTokens: 10 }, { times: 1 });
        const response = await genai(me.apiKey, apiVersion).models.generateContent({
          model: 'sonnet-test',
          contents: HELLO,
          config: { systemInstruction: 'Be brief.', temperature: 0.2, topK: 5, stopSequences: ['END'] },
        });

        expect(response.text).toBe(DEFAULT_TEXT);
        expect(response.candidates).toEqual([{ content: { role: 'model', parts: [{ text: DEFAULT_TEXT }] }, finishReason: 'STOP', index: 0 }]);
        expect(response.usageMetadata).toEqual({ promptTokenCount: 35, candidatesTokenCount: 6, cachedContentTokenCount: 10, totalTokenCount: 41 });
        expect(response.modelVersion).toBe('sonnet-test');
        expect(stack.fake.requests[0]).toMatchObject({ path: '/v1/messages', apiKey: KEY, stream: false });
        expect(sent(0)).toEqual({
          model: 'sonnet-test',
          system: 'Be brief.',
          messages: [userText(HELLO)],
          stop_sequences: ['END'],
          temperature: 0.2,
          top_k: 5,
          max_tokens: 4096,
        });

        const [log] = await stack.waitForLogs(me.userId, 1);
        // trunc((25 + 10 × 0.1 + 6 × 5) × 2) = 112
        expect(sonnetQuota({ input: 25, read: 10, output: 6 })).toBe(112);
        expect(log).toMatchObject({ requestId: requestIdOf(response), channelId, model: 'sonnet-test', promptTokens: 25, completionTokens: 6, quota: 112, isStream: false });
        expect(log!.other).toMatchObject({ claude: true, cache_tokens: 10 });
        const balances = await stack.balances(me.userId);
        expect([balances.usedQuota, balances.requestCount]).toEqual([112, 1]);
      },
    );

    it('maps stop reasons: max_tokens to MAX_TOKENS, refusal to SAFETY', async () => {
      stack.fake.program({ model: 'sonnet-test' }, { finishReason: 'max_tokens' }, { times: 1 });
      const cut = await genai().models.generateContent({ model: 'sonnet-test', contents: HELLO, config: { maxOutputTokens: 6 } });
      expect(cut.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
      expect(sent(0)['max_tokens']).toBe(6);
      stack.fake.program({ model: 'sonnet-test' }, { finishReason: 'refusal' }, { times: 1 });
      const chunks = await collect(await genai().models.generateContentStream({ model: 'sonnet-test', contents: HELLO }));
      expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe('SAFETY');
    });
  });

  describe('streaming', () => {
    it.each([[undefined], ['v1beta' as const]])('streams chunks as they come, the last with finish reason and usage (%s); billed exactly', async (apiVersion) => {
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 12 }, { times: 1 });
      const chunks = await collect(await genai(me.apiKey, apiVersion).models.generateContentStream({ model: 'sonnet-test', contents: HELLO }));
      expect(chunks.map((chunk) => chunk.text ?? '')).toEqual([...DEFAULT_PIECES, '']);
      expect(chunks.every((chunk) => chunk.modelVersion === 'sonnet-test' && chunk.responseId === chunks[0]!.responseId)).toBe(true);
      expect(chunks.at(-1)).toMatchObject({
        candidates: [{ finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 },
      });
      expect(stack.fake.requests[0]).toMatchObject({ path: '/v1/messages', stream: true });

      const [log] = await stack.waitForLogs(me.userId, 1);
      // trunc((12 + 6 × 5) × 2) = 84
      expect(log).toMatchObject({ isStream: true, promptTokens: 12, completionTokens: 6, quota: 84 });
    });

    it('keeps a streamed turn in a chat’s history, and sends it back as one assistant turn', async () => {
      const chat = genai().chats.create({ model: 'sonnet-test' });
      const chunks = await collect(await chat.sendMessageStream({ message: HELLO }));
      expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe(DEFAULT_TEXT);
      await chat.sendMessage({ message: 'Again.' });
      expect(sent(1)['messages']).toEqual([
        userText(HELLO),
        { role: 'assistant', content: DEFAULT_PIECES.map((text) => ({ type: 'text', text })) },
        userText('Again.'),
      ]);
    });

    it('ends a stream the upstream cuts with Google’s error object (the SDK throws); what was told is charged', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 40, disconnectAfter: 3 }, { times: 1 });
      const texts: string[] = [];
      const error = await failure(
        (async () => {
          for await (const chunk of await genai(me.apiKey).models.generateContentStream({ model: 'sonnet-test', contents: HELLO })) texts.push(chunk.text ?? '');
        })(),
      );
      expect(texts).toEqual(['Hello', ' from', ' the']);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(502);
      expect(error.message).toContain('the upstream stream ended before the answer was complete');

      const [log] = await stack.waitForLogs(me.userId, 1);
      // The input came with message_start; "Hello from the" is 3 tokens: trunc((40 + 3 × 5) × 2) = 110.
      expect(log).toMatchObject({ isStream: true, promptTokens: 40, completionTokens: 3, quota: 110 });
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
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

    it('answers a call, then sends its functionResponse back as a tool_result with Claude’s thinking before the call; billed each time', async () => {
      const me = await freshUser();
      const ai = genai(me.apiKey);
      const reasoning = 'I should look the weather up.';
      stack.fake.program(
        { model: 'sonnet-test' },
        { reasoning, toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}', id: 'toolu_w1' }], promptTokens: 50, completionTokens: 20 },
        { times: 1 },
      );
      const config = { tools, thinkingConfig: { thinkingBudget: 2048 } };
      const first = await ai.models.generateContent({ model: 'sonnet-test', contents: 'Weather in Paris?', config });
      expect(first.functionCalls).toEqual([{ id: 'toolu_w1', name: 'get_weather', args: { city: 'Paris' } }]);
      // No thoughts were asked for: the thinking travels only inside the call's signature.
      expect(first.candidates?.[0]?.content?.parts?.some((part) => part.thought)).toBe(false);
      expect(sent(0)).toMatchObject({
        tools: [{ name: 'get_weather', description: 'The weather of a city.', input_schema: schema }],
        thinking: { type: 'enabled', budget_tokens: 2048 },
        max_tokens: 4096,
      });

      stack.fake.program({ model: 'sonnet-test' }, { text: 'It is 18 °C in Paris.', promptTokens: 80, completionTokens: 9 }, { times: 1 });
      const second = await ai.models.generateContent({
        model: 'sonnet-test',
        contents: [
          { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
          first.candidates![0]!.content!,
          { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '18 °C' } } }] },
        ],
        config: { tools, thinkingConfig: { thinkingBudget: 2048 } },
      });
      expect(second.text).toBe('It is 18 °C in Paris.');
      expect(sent(1)['messages']).toEqual([
        userText('Weather in Paris?'),
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: reasoning, signature: expect.any(String) },
            { type: 'tool_use', id: 'toolu_w1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_w1', content: '{"output":"18 °C"}' }] },
      ]);

      const logs = await stack.waitForLogs(me.userId, 2);
      // trunc((50 + 20 × 5) × 2) = 300, then trunc((80 + 9 × 5) × 2) = 250.
      expect(logs.map((log) => log.quota)).toEqual([300, 250]);
    });

    it('streams a call as one whole functionCall part; a forced call is asked without thinking, which Claude refuses with it', async () => {
      stack.fake.program({ model: 'sonnet-test' }, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }, { times: 1 });
      const config = { tools, toolConfig: { functionCallingConfig: { mode: 'ANY' as never } }, thinkingConfig: { thinkingBudget: 2048 } };
      const chunks = await collect(await genai().models.generateContentStream({ model: 'sonnet-test', contents: 'Weather in Paris?', config }));
      expect(sent(0)['tool_choice']).toEqual({ type: 'any' });
      expect(sent(0)).not.toHaveProperty('thinking');
      expect(partsOf(chunks).filter((part) => part.functionCall)).toEqual([
        { functionCall: { id: expect.stringMatching(/^toolu_/), name: 'get_weather', args: { city: 'Paris' } } },
      ]);
      expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe('STOP');
    });

    it('sends an inline image and an image URL as Claude image sources', async () => {
      const response = await genai().models.generateContent({
        model: 'sonnet-test',
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
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } },
            { type: 'text', text: 'What are these?' },
          ],
        },
      ]);
    });

    it('asks for JSON by schema in the system prompt (Claude has no JSON mode)', async () => {
      stack.fake.program({ model: 'sonnet-test' }, { text: '{"city":"Paris"}' }, { times: 1 });
      const response = await genai().models.generateContent({
        model: 'sonnet-test',
        contents: 'Name a city.',
        config: { responseMimeType: 'application/json', responseJsonSchema: schema },
      });
      expect(JSON.parse(response.text!)).toEqual({ city: 'Paris' });
      expect(sent(0)['system']).toBe(
        `Answer with a single JSON value and nothing else: no prose, no code fences. The value must match this JSON Schema: ${JSON.stringify(schema)}`,
      );
    });

    it('returns thinking as thought parts when thoughts are asked for, whole and streamed', async () => {
      const me = await freshUser();
      const reasoning = 'The user greets me so I greet back.';
      stack.fake.program({ model: 'sonnet-test' }, { reasoning, promptTokens: 10 }, { times: 2 });
      const config = { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } };
      const whole = await genai(me.apiKey).models.generateContent({ model: 'sonnet-test', contents: HELLO, config });
      expect(whole.candidates?.[0]?.content?.parts).toEqual([{ text: reasoning, thought: true }, { text: DEFAULT_TEXT }]);
      expect(whole.text).toBe(DEFAULT_TEXT);
      // A dynamic budget is the thinking adapter's share (0.8) of max_tokens.
      expect(sent(0)).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 3276 }, max_tokens: 4096 });

      const chunks = await collect(await genai(me.apiKey).models.generateContentStream({ model: 'sonnet-test', contents: HELLO, config }));
      const parts = partsOf(chunks);
      expect(parts.filter((part) => part.thought).map((part) => part.text).join('')).toBe(reasoning);
      expect(parts.filter((part) => !part.thought).map((part) => part.text).join('')).toBe(DEFAULT_TEXT);

      const logs = await stack.waitForLogs(me.userId, 2);
      // The thinking counts as output: 15 tokens in all, trunc((10 + 15 × 5) × 2) = 170.
      expect(sonnetQuota({ input: 10, output: 15 })).toBe(170);
      expect(logs.map((log) => [log.completionTokens, log.quota])).toEqual([
        [15, 170],
        [15, 170],
      ]);
    });
  });

  describe('token counting, embeddings', () => {
    it('counts tokens itself: no upstream call; free of charge', async () => {
      const me = await freshUser();
      const short = await genai(me.apiKey).models.countTokens({ model: 'sonnet-test', contents: HELLO });
      const long = await genai(me.apiKey, 'v1beta').models.countTokens({
        model: 'sonnet-test',
        contents: 'Please tell me, in detail, everything you know about the weather in Paris in spring.',
      });
      expect(short.totalTokens).toBeGreaterThan(0);
      expect(long.totalTokens).toBeGreaterThan(short.totalTokens! + 10);
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('serves no embeddings from a Claude channel', async () => {
      const me = await freshUser();
      const error = await failure(genai(me.apiKey).models.embedContent({ model: 'sonnet-test', contents: ['hello'] }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(400);
      expect(JSON.parse(error.message)).toEqual({
        error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('model sonnet-test has no channel in group default that serves this request') },
      });
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
      stack.fake.program({ model: 'sonnet-test' }, { error: kind }, { times: 1 });
      const error = await failure(genai(me.apiKey).models.generateContent({ model: 'sonnet-test', contents: HELLO }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(JSON.parse(error.message)).toMatchObject({ error: { code: status, status: name } });
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('refuses what a Claude channel cannot take (audio, several candidates) with a 400 INVALID_ARGUMENT, never sent', async () => {
      const audio = await failure(
        genai().models.generateContent({ model: 'sonnet-test', contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } }] }] }),
      );
      const candidates = await failure(genai().models.generateContent({ model: 'sonnet-test', contents: HELLO, config: { candidateCount: 2 } }));
      expect(JSON.parse(audio.message)).toEqual({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('audio/wav') } });
      expect(JSON.parse(candidates.message)).toEqual({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('one candidate') } });
      expect(stack.fake.requests).toEqual([]);
    });
  });
});
