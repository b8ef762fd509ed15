// Google's official Gen AI SDK (@google/genai) against the whole stack, to Gemini channels (type
// 24): the identity path. Both path styles the SDK speaks (its default `/v1`, and `/v1beta`):
// generateContent whole and streamed (and the JSON-array stream of a REST client), function calls
// and their responses, token counting (free), embeddings one and many, the model list and a model,
// what the gateway adds on the way (the channel's key, model mapping, `gemini.safety_settings` and
// `gemini.version_settings`), upstream errors, bad keys and bad bodies in Google's error object,
// and the exact quota of each call.
import { ApiError, type GenerateContentResponse } from '@google/genai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { expectNothingCharged, type User } from './anthropic-sdk-support';
import { genaiClient, genaiFailure as failure, requestIdOf } from './genai-sdk-support';

jest.setTimeout(30_000);

const INITIAL = 100_000_000;
const KEY = 'AIzaFakeGeminiKey';
const MAPPED_KEY = 'AIza-mapped-channel';
const TEXT = 'Hello from the fake upstream.';
const HELLO = 'Say hello.';
const SAFETY_SETTINGS = [
  { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' },
  { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' },
  { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'BLOCK_ONLY_HIGH' },
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
  { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_ONLY_HIGH' },
];

/** `gemini-test`: ModelRatio 2, CompletionRatio 4, CacheRatio 0.25: ((P − C) + C × 0.25 + O × 4) × 2. */
function geminiQuota(u: { prompt: number; cached?: number; completion: number }): number {
  const cached = u.cached ?? 0;
  return Math.round((u.prompt - cached + cached * 0.25 + u.completion * 4) * 2);
}

type Body = Record<string, any>;

describe('Gen AI SDK → Gemini channel (passthrough)', () => {
  let stack: RelayStack;
  let user: User;
  let channelId: number;

  /** The SDK against the stack; no retries, so every error surfaces. */
  const genai = (apiKey: string, apiVersion?: 'v1beta') => genaiClient(stack, apiKey, apiVersion);
  const freshUser = () => stack.userWithToken(INITIAL);
  const upstream = (index: number) => stack.fake.requests[index]!;
  /** A call that succeeds, for {@link expectNothingCharged}; returns its request id. */
  const sentinel = (apiKey: string) => async () => requestIdOf(await genai(apiKey).models.generateContent({ model: 'gemini-test', contents: HELLO }));
  const rawPost = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  beforeAll(async () => {
    stack = await startRelayStack();
    stack.fake.google.addApiKey(MAPPED_KEY);
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'gemini-test': 2, 'gemini-mapped': 2, 'text-embedding-test': 1 }),
      CompletionRatio: JSON.stringify({ 'gemini-test': 4, 'gemini-mapped': 4 }),
      CacheRatio: JSON.stringify({ 'gemini-test': 0.25 }),
      RetryTimes: '0',
      'gemini.safety_settings': JSON.stringify({ default: 'BLOCK_ONLY_HIGH', HARM_CATEGORY_DANGEROUS_CONTENT: 'OFF' }),
      'gemini.version_settings': JSON.stringify({ default: 'v1beta', 'gemini-upstream-1': 'v1' }),
    });
    channelId = await stack.seedChannel({ type: 24, baseUrl: stack.fake.url, key: KEY, models: ['gemini-test', 'text-embedding-test'], autoBan: false });
    await stack.seedChannel({
      type: 24,
      baseUrl: stack.fake.url,
      key: MAPPED_KEY,
      models: ['gemini-mapped'],
      modelMapping: { 'gemini-mapped': 'gemini-upstream-1' },
      autoBan: false,
    });
    user = await stack.userWithToken(INITIAL);
    await stack.waitForModels(user.apiKey, ['gemini-test', 'gemini-mapped', 'text-embedding-test']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe('generateContent', () => {
    it.each([['/v1', undefined], ['/v1beta', 'v1beta' as const]])(
      'answers a whole generation as the upstream wrote it (%s), with the channel key and the safety settings; billed exactly',
      async (_path, apiVersion) => {
        const me = await freshUser();
        stack.fake.program({ model: 'gemini-test' }, { promptTokens: 40, completionTokens: 5, cachedTokens: 8 }, { times: 1 });
        const response = await genai(me.apiKey, apiVersion).models.generateContent({
          model: 'gemini-test',
          contents: HELLO,
          config: { systemInstruction: 'Be brief.', maxOutputTokens: 64, temperature: 0.2 },
        });

        expect(response.text).toBe(TEXT);
        expect(response.candidates?.[0]?.finishReason).toBe('STOP');
        expect(response.usageMetadata).toMatchObject({ promptTokenCount: 40, candidatesTokenCount: 5, cachedContentTokenCount: 8 });
        const sent = upstream(0);
        expect(sent).toMatchObject({ method: 'POST', path: '/v1beta/models/gemini-test:generateContent', apiKey: KEY, model: 'gemini-test' });
        expect(sent.body as Body).toEqual({
          contents: [{ role: 'user', parts: [{ text: HELLO }] }],
          systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }] },
          generationConfig: { maxOutputTokens: 64, temperature: 0.2 },
          safetySettings: SAFETY_SETTINGS,
        });
        // The gateway's key never reaches the upstream.
        expect(JSON.stringify(sent.headers)).not.toContain(me.key);

        const [log] = await stack.waitForLogs(me.userId, 1);
        expect(log).toMatchObject({
          requestId: requestIdOf(response),
          channelId,
          model: 'gemini-test',
          promptTokens: 40,
          completionTokens: 5,
          isStream: false,
          quota: geminiQuota({ prompt: 40, cached: 8, completion: 5 }),
        });
        const balances = await stack.balances(me.userId);
        expect([balances.usedQuota, balances.requestCount]).toEqual([log!.quota, 1]);
        // What the relay still holds in its quota lease is not spent.
        expect(balances.quota + balances.usedQuota + balances.reserved).toBe(INITIAL);
      },
    );

    it('keeps the client’s own safety settings, and names the mapped model at the version gemini.version_settings gives it', async () => {
      const me = await freshUser();
      const own = [{ category: 'HARM_CATEGORY_HARASSMENT' as never, threshold: 'BLOCK_LOW_AND_ABOVE' as never }];
      const response = await genai(me.apiKey).models.generateContent({ model: 'gemini-mapped', contents: HELLO, config: { safetySettings: own } });
      expect(response.text).toBe(TEXT);
      expect(upstream(0)).toMatchObject({ path: '/v1/models/gemini-upstream-1:generateContent', apiKey: MAPPED_KEY });
      expect((upstream(0).body as Body)['safetySettings']).toEqual(own);
      const [log] = await stack.waitForLogs(me.userId, 1);
      expect(log).toMatchObject({ model: 'gemini-mapped', other: expect.objectContaining({ upstream_model_name: 'gemini-upstream-1' }) });
    });

    it('streams the upstream’s chunks as they came, thoughts counted as completion; billed from the last usage', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gemini-test' }, { promptTokens: 30, completionTokens: 6, reasoning: 'one two three' }, { times: 1 });
      const stream = await genai(me.apiKey, 'v1beta').models.generateContentStream({
        model: 'gemini-test',
        contents: HELLO,
        config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 512 } },
      });
      const chunks: GenerateContentResponse[] = [];
      for await (const chunk of stream) chunks.push(chunk);

      const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
      expect(parts.filter((part) => part.thought).map((part) => part.text).join('')).toBe('one two three');
      expect(parts.filter((part) => !part.thought).map((part) => part.text ?? '').join('')).toBe(TEXT);
      expect(chunks.at(-1)!.usageMetadata).toMatchObject({ promptTokenCount: 30, candidatesTokenCount: 6, thoughtsTokenCount: 3 });
      expect(upstream(0)).toMatchObject({ path: '/v1beta/models/gemini-test:streamGenerateContent', query: expect.objectContaining({ alt: 'sse' }), stream: true });

      const [log] = await stack.waitForLogs(me.userId, 1);
      expect(log).toMatchObject({ isStream: true, promptTokens: 30, completionTokens: 9, quota: geminiQuota({ prompt: 30, completion: 9 }) });
    });

    it('streams one JSON array to a REST client that did not ask for alt=sse, its key in ?key=', async () => {
      const me = await freshUser();
      const response = await rawPost(`/v1beta/models/gemini-test:streamGenerateContent?key=${me.apiKey}`, JSON.stringify({ contents: [{ parts: [{ text: HELLO }] }] }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const chunks = (await response.json()) as Body[];
      expect(chunks.map((chunk) => chunk['candidates']?.[0]?.content?.parts?.[0]?.text ?? '').join('')).toBe(TEXT);
      expect(chunks.at(-1)!['candidates'][0].finishReason).toBe('STOP');
      const [log] = await stack.waitForLogs(me.userId, 1);
      expect(log).toMatchObject({ isStream: true, completionTokens: chunks.at(-1)!['usageMetadata'].candidatesTokenCount });
    });

    it('passes function calls and their responses through untouched', async () => {
      const me = await freshUser();
      const tools = [
        {
          functionDeclarations: [
            { name: 'get_weather', description: 'The weather of a city', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
          ],
        },
      ];
      stack.fake.program({ model: 'gemini-test' }, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }, { times: 1 });
      const ai = genai(me.apiKey);
      const first = await ai.models.generateContent({ model: 'gemini-test', contents: 'Weather in Paris?', config: { tools } });
      expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);

      const turns = [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        first.candidates![0]!.content!,
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature_c: 21 } } }] },
      ];
      const second = await ai.models.generateContent({ model: 'gemini-test', contents: turns, config: { tools } });
      expect(second.text).toBe(TEXT);
      expect((upstream(1).body as Body)['contents']).toEqual(turns);
      expect((upstream(1).body as Body)['tools']).toEqual(tools);
      await stack.waitForLogs(me.userId, 2);
    });
  });

  describe('counting and embedding', () => {
    it('counts tokens through the channel, free of charge', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gemini-test' }, { promptTokens: 17 }, { times: 1 });
      const counted = await genai(me.apiKey).models.countTokens({ model: 'gemini-test', contents: HELLO });
      expect(counted.totalTokens).toBe(17);
      expect(upstream(0)).toMatchObject({ path: '/v1beta/models/gemini-test:countTokens', apiKey: KEY });
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('embeds one text (:embedContent) and many (the SDK’s batchEmbedContents), billed by the prompt tokens counted', async () => {
      const me = await freshUser();
      const one = await rawPost('/v1beta/models/text-embedding-test:embedContent', JSON.stringify({ content: { parts: [{ text: 'hello world' }] } }), { 'x-goog-api-key': me.apiKey });
      expect(one.status).toBe(200);
      expect(((await one.json()) as Body)['embedding'].values).toHaveLength(16);

      const many = await genai(me.apiKey).models.embedContent({ model: 'text-embedding-test', contents: ['hello world', 'good morning'], config: { outputDimensionality: 8 } });
      expect(many.embeddings?.map((embedding) => embedding.values?.length)).toEqual([8, 8]);
      expect(upstream(1)).toMatchObject({ path: '/v1beta/models/text-embedding-test:batchEmbedContents', apiKey: KEY });

      const logs = await stack.waitForLogs(me.userId, 2);
      // Gemini reports no usage for embeddings: the texts' tokens are counted (2 and 2 + 2), at ModelRatio 1.
      expect(logs.map((log) => [log.promptTokens, log.completionTokens, log.quota])).toEqual([
        [2, 0, 2],
        [4, 0, 4],
      ]);
    });
  });

  describe('models', () => {
    it.each([[undefined], ['v1beta' as const]])('lists the models the token may use, and gets one, in Gemini’s shape (%s)', async (apiVersion) => {
      const ai = genai(user.apiKey, apiVersion);
      const names: string[] = [];
      for await (const model of await ai.models.list()) names.push(model.name!);
      expect(names).toEqual(['models/gemini-mapped', 'models/gemini-test', 'models/text-embedding-test']);
      const model = await ai.models.get({ model: 'gemini-test' });
      expect(model).toMatchObject({ name: 'models/gemini-test', supportedActions: ['generateContent', 'countTokens'] });
      const missing = await failure(ai.models.get({ model: 'no-such-model' }));
      expect(missing).toBeInstanceOf(ApiError);
      expect(missing.status).toBe(404);
      expect(stack.fake.requests).toEqual([]);
    });

    it('keeps answering OpenAI’s list on GET /v1/models without a Google key', async () => {
      const response = await fetch(`${stack.url}/v1/models`, { headers: { authorization: `Bearer ${user.apiKey}` } });
      expect(((await response.json()) as Body)['object']).toBe('list');
    });
  });

  describe('errors', () => {
    it.each([
      ['rate_limit' as const, 429, 'RESOURCE_EXHAUSTED'],
      ['overloaded' as const, 503, 'UNAVAILABLE'],
    ])('relays the upstream’s %s as Google’s error (%i %s), charging nothing', async (kind, status, name) => {
      const me = await freshUser();
      stack.fake.program({ model: 'gemini-test' }, { error: kind }, { times: 1 });
      const error = await failure(genai(me.apiKey).models.generateContent({ model: 'gemini-test', contents: HELLO }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(JSON.parse(error.message)).toMatchObject({ error: { code: status, status: name } });
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('raises an error the upstream sends mid-stream as the SDK’s ApiError', async () => {
      stack.fake.program({ model: 'gemini-test' }, { streamErrorAfter: 2 }, { times: 1 });
      const stream = await genai(user.apiKey).models.generateContentStream({ model: 'gemini-test', contents: HELLO });
      const texts: string[] = [];
      const error = await failure(
        (async () => {
          for await (const chunk of stream) texts.push(chunk.text ?? '');
        })(),
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(503);
      expect(texts.join('')).toBe('Hello from');
    });

    it('ends a stream the upstream cut with Google’s error, charging the prompt and what was delivered', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gemini-test' }, { promptTokens: 20, disconnectAfter: 2 }, { times: 1 });
      const stream = await genai(me.apiKey).models.generateContentStream({ model: 'gemini-test', contents: HELLO });
      const texts: string[] = [];
      const error = await failure(
        (async () => {
          for await (const chunk of stream) texts.push(chunk.text ?? '');
        })(),
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(502);
      expect(texts.join('')).toBe('Hello from');
      const [log] = await stack.waitForLogs(me.userId, 1);
      // 'Hello from' is 2 tokens, as the running usage of the last chunk delivered also says.
      expect(log).toMatchObject({ isStream: true, promptTokens: 20, completionTokens: 2, quota: geminiQuota({ prompt: 20, completion: 2 }) });
    });

    it('refuses a key it does not know as Google does (400 API_KEY_INVALID), and a call without a key (403)', async () => {
      const error = await failure(genai('AIza-not-a-gateway-key').models.generateContent({ model: 'gemini-test', contents: HELLO }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(400);
      expect(JSON.parse(error.message)).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } });
      const anonymous = await rawPost('/v1beta/models/gemini-test:generateContent', JSON.stringify({ contents: [{ parts: [{ text: HELLO }] }] }));
      expect(anonymous.status).toBe(403);
      expect(((await anonymous.json()) as Body)['error']).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
      expect(stack.fake.requests).toEqual([]);
    });

    it.each([
      ['no contents', '{"generationConfig":{}}', '* GenerateContentRequest.contents: contents is not specified'],
      ['a part of the wrong type', '{"contents":[{"parts":[{"text":7}]}]}', 'contents.0.parts.0.text must be a string'],
      ['broken JSON', '{"contents":', 'Invalid request, the body is not valid JSON'],
    ])('answers a body with %s in Google’s error object, before any upstream call, charging nothing', async (_case, body, message) => {
      const me = await freshUser();
      const response = await rawPost('/v1/models/gemini-test:generateContent', body, { 'x-goog-api-key': me.apiKey });
      expect(response.status).toBe(400);
      const error = ((await response.json()) as Body)['error'];
      expect(error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(error.message).toContain(message);
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('charges nothing for a prompt blocked in a stream', async () => {
      const me = await freshUser();
      stack.fake.program({ model: 'gemini-test' }, { blocked: 'prompt' }, { times: 1 });
      const chunks: GenerateContentResponse[] = [];
      for await (const chunk of await genai(me.apiKey).models.generateContentStream({ model: 'gemini-test', contents: HELLO })) {
        chunks.push(chunk);
      }
      // The client sees Google's own answer; the gateway counts it as failed.
      expect(chunks.map((chunk) => [chunk.promptFeedback?.blockReason, chunk.candidates?.length ?? 0])).toEqual([['SAFETY', 0]]);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('answers a tuned model, a blocked prompt and an unknown model with clear errors', async () => {
      const tuned = await rawPost('/v1beta/tunedModels/my-tune:generateContent', '{}', { 'x-goog-api-key': user.apiKey });
      expect(tuned.status).toBe(404);
      expect(((await tuned.json()) as Body)['error']).toMatchObject({ status: 'NOT_FOUND', message: expect.stringContaining('Tuned models are not served') });

      stack.fake.program({ model: 'gemini-test' }, { blocked: 'prompt' }, { times: 1 });
      const blocked = await failure(genai(user.apiKey).models.generateContent({ model: 'gemini-test', contents: HELLO }));
      expect(blocked.status).toBe(400);
      expect(JSON.parse(blocked.message)).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('SAFETY') } });

      const unknown = await failure(genai(user.apiKey).models.generateContent({ model: 'no-such-model', contents: HELLO }));
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.message)).toMatchObject({ error: { status: 'NOT_FOUND' } });
    });
  });
});
