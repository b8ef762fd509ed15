import { ApiError, GoogleGenAI, Type } from '@google/genai';
import { IMAGE_INPUT_TOKENS, IMAGE_OUTPUT_TOKENS } from './gemini-content';
import { type FakeUpstream, startFakeUpstream } from './server';
import { post, readUntilEnd } from './test-helpers.test-support';

type Json = Record<string, any>;

const KEY = 'AIza-test-key';
const MODEL = 'gemini-2.5-flash';
const PROMPT = 'Say hello to the fake upstream, please.'; // 39 characters: 10 tokens
const WEATHER_TOOL = {
  functionDeclarations: [
    {
      name: 'get_weather',
      description: 'The weather in a city',
      parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
    },
  ],
};

// Under jest the SDK's own undici dispatcher is missing from the test realm: hand it a fetch.
const fetchInRealm = (input: string | URL | Request, init?: RequestInit): Promise<Response> => fetch(input, init);

/** The SDK's error of a promise, checked to be an ApiError with `status` and Google's `statusName`. */
async function apiError(promise: Promise<unknown>, status: number, statusName: string): Promise<Json> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  // Mid-stream errors come as `got status: NAME. {json}`, others as the JSON body.
  const message = (error as ApiError).message;
  const body = JSON.parse(message.slice(message.indexOf('{'))) as Json;
  expect(body.error).toMatchObject({ code: status, status: statusName });
  return body.error as Json;
}

describe('fake upstream: Gemini API through the official SDK', () => {
  let fake: FakeUpstream;
  let v1: GoogleGenAI;
  let v1beta: GoogleGenAI;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    fake.google.addApiKey(KEY);
    v1 = new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: fake.url, apiVersion: 'v1', fetch: fetchInRealm } });
    v1beta = new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: fake.url, apiVersion: 'v1beta', fetch: fetchInRealm } });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('answers generateContent on /v1 and /v1beta with the text, finish reason and usage', async () => {
    for (const [client, version] of [[v1, 'v1'], [v1beta, 'v1beta']] as const) {
      const response = await client.models.generateContent({ model: MODEL, contents: PROMPT });
      expect(response.text).toBe('Hello from the fake upstream.');
      expect(response.candidates).toEqual([
        { content: { parts: [{ text: 'Hello from the fake upstream.' }], role: 'model' }, finishReason: 'STOP', index: 0 },
      ]);
      expect(response.usageMetadata).toEqual({
        promptTokenCount: 10,
        candidatesTokenCount: 6,
        totalTokenCount: 16,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 10 }],
      });
      expect(response.modelVersion).toBe(MODEL);
      expect(response.responseId).toMatch(/^fake/);
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: `/${version}/models/${MODEL}:generateContent`,
        apiKey: KEY,
        model: MODEL,
        stream: false,
      });
    }
  });

  it('streams SSE chunks with running usage and a final chunk with the finish reason', async () => {
    fake.program({}, { text: 'One two three', cachedTokens: 4 });
    const chunks: Json[] = [];
    for await (const chunk of await v1beta.models.generateContentStream({ model: MODEL, contents: PROMPT })) {
      chunks.push(chunk);
    }
    expect(chunks.map((c) => c.text ?? '')).toEqual(['One', ' two', ' three', '']);
    expect(chunks.map((c) => c.usageMetadata.candidatesTokenCount)).toEqual([1, 2, 3, 3]);
    expect(chunks.map((c) => c.candidates[0].finishReason)).toEqual([undefined, undefined, undefined, 'STOP']);
    expect(chunks[3]!.usageMetadata).toMatchObject({ promptTokenCount: 10, totalTokenCount: 13, cachedContentTokenCount: 4 });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ path: `/v1beta/models/${MODEL}:streamGenerateContent`, stream: true, outcome: 'completed' });
    expect(request.query.alt).toBe('sse');
  });

  it('streams a JSON array without alt=sse', async () => {
    const res = await post(fake, `/v1beta/models/${MODEL}:streamGenerateContent`, { contents: [{ parts: [{ text: PROMPT }] }] }, {
      'x-goog-api-key': KEY,
      'x-fake-chunks': '2',
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const raw = await res.text();
    expect(raw.startsWith('[{')).toBe(true);
    const array = JSON.parse(raw) as Json[];
    expect(array.map((c) => c.candidates[0].content.parts[0].text)).toEqual(['Hello', ' from', '']);
    expect(array[2]!.candidates[0].finishReason).toBe('STOP');
  });

  it('answers a programmed function call for a declared function, and accepts the functionResponse after it', async () => {
    fake.program({}, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }, { times: 1 });
    const config = { tools: [WEATHER_TOOL] };
    const response = await v1.models.generateContent({ model: MODEL, contents: 'Weather in Paris?', config });
    expect(response.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    expect(response.candidates![0]!.finishReason).toBe('STOP');
    expect((fake.requests[0]!.body as Json).tools[0].functionDeclarations[0].name).toBe('get_weather');

    const followUp = await v1.models.generateContent({
      model: MODEL,
      config,
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
      ],
    });
    expect(followUp.text).toBe('Hello from the fake upstream.');

    fake.program({}, { toolCalls: [{ name: 'get_time', arguments: '{}' }] });
    const error = await apiError(v1.models.generateContent({ model: MODEL, contents: 'x', config }), 400, 'INVALID_ARGUMENT');
    expect(error.message).toBe("fake-upstream: tool call 'get_time' names no function the request declares (declared: get_weather)");
  });

  it('streams function calls whole, one chunk each', async () => {
    fake.program({}, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const calls: unknown[] = [];
    const stream = await v1.models.generateContentStream({ model: MODEL, contents: 'Oslo?', config: { tools: [WEATHER_TOOL] } });
    for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []));
    expect(calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo' } }]);
  });

  it('puts a thought part first and counts thoughts when thinking is asked for', async () => {
    const config = { thinkingConfig: { includeThoughts: true } };
    const response = await v1beta.models.generateContent({ model: MODEL, contents: PROMPT, config });
    expect(response.candidates![0]!.content!.parts).toEqual([
      { text: 'Thinking about how to answer.', thought: true },
      { text: 'Hello from the fake upstream.' },
    ]);
    expect(response.text).toBe('Hello from the fake upstream.');
    expect(response.usageMetadata).toMatchObject({ candidatesTokenCount: 6, thoughtsTokenCount: 5, totalTokenCount: 21 });

    fake.program({}, { reasoning: 'Short thought.' });
    const hidden = await v1beta.models.generateContent({ model: MODEL, contents: PROMPT });
    expect(hidden.candidates![0]!.content!.parts).toEqual([{ text: 'Hello from the fake upstream.' }]);
    expect(hidden.usageMetadata!.thoughtsTokenCount).toBe(2);

    const streamed: Json[] = [];
    for await (const chunk of await v1beta.models.generateContentStream({ model: MODEL, contents: PROMPT, config })) {
      streamed.push(...(chunk.candidates![0]!.content!.parts ?? []));
    }
    expect(streamed.filter((p) => p.thought).map((p) => p.text)).toEqual(['Short', ' thought.']);
  });

  it('answers JSON that follows responseSchema or responseJsonSchema', async () => {
    const responseSchema = {
      type: Type.OBJECT,
      properties: {
        name: { type: Type.STRING },
        age: { type: Type.INTEGER },
        tags: { type: Type.ARRAY, items: { type: Type.STRING } },
        mood: { type: Type.STRING, enum: ['happy', 'sad'] },
      },
    };
    const typed = await v1beta.models.generateContent({
      model: MODEL,
      contents: PROMPT,
      config: { responseMimeType: 'application/json', responseSchema },
    });
    expect(JSON.parse(typed.text!)).toEqual({ name: 'fake', age: 1, tags: ['fake'], mood: 'happy' });
    const jsonSchema = await v1beta.models.generateContent({
      model: MODEL,
      contents: PROMPT,
      config: { responseMimeType: 'application/json', responseJsonSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    });
    expect(JSON.parse(jsonSchema.text!)).toEqual({ ok: true });
    const free = await v1beta.models.generateContent({ model: MODEL, contents: PROMPT, config: { responseMimeType: 'application/json' } });
    expect(JSON.parse(free.text!)).toEqual({ text: 'Hello from the fake upstream.' });
  });

  it('counts inline images in and answers an image out when asked for IMAGE', async () => {
    const png = Buffer.from('fake image').toString('base64');
    const response = await v1beta.models.generateContent({
      model: 'gemini-2.5-flash-image',
      contents: [{ role: 'user', parts: [{ text: PROMPT }, { inlineData: { mimeType: 'image/png', data: png } }] }],
      config: { responseModalities: ['TEXT', 'IMAGE'] },
    });
    const parts = response.candidates![0]!.content!.parts!;
    expect(parts[0]).toEqual({ text: 'Hello from the fake upstream.' });
    expect(parts[1]!.inlineData!.mimeType).toBe('image/png');
    expect(Buffer.from(parts[1]!.inlineData!.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: 10 + IMAGE_INPUT_TOKENS,
      candidatesTokenCount: 6 + IMAGE_OUTPUT_TOKENS,
      promptTokensDetails: [
        { modality: 'TEXT', tokenCount: 10 },
        { modality: 'IMAGE', tokenCount: IMAGE_INPUT_TOKENS },
      ],
    });
  });

  it('stops at maxOutputTokens with MAX_TOKENS', async () => {
    const response = await v1.models.generateContent({ model: MODEL, contents: PROMPT, config: { maxOutputTokens: 2 } });
    expect(response.text).toBe('Hello from');
    expect(response.candidates![0]!.finishReason).toBe('MAX_TOKENS');
    expect(response.usageMetadata!.candidatesTokenCount).toBe(2);
  });

  it('blocks the prompt or the response for safety', async () => {
    fake.program({}, { blocked: 'prompt' }, { times: 1 });
    const prompt = await v1.models.generateContent({ model: MODEL, contents: PROMPT });
    expect(prompt.candidates).toBeUndefined();
    expect(prompt.promptFeedback!.blockReason).toBe('SAFETY');
    expect(prompt.text).toBeUndefined();
    fake.program({}, { blocked: 'response' });
    const answer = await v1.models.generateContent({ model: MODEL, contents: PROMPT });
    expect(answer.candidates![0]).toMatchObject({ finishReason: 'SAFETY', index: 0 });
    expect(answer.candidates![0]!.content).toBeUndefined();
    expect(answer.candidates![0]!.safetyRatings).toContainEqual(expect.objectContaining({ blocked: true }));
    const chunks: Json[] = [];
    for await (const chunk of await v1.models.generateContentStream({ model: MODEL, contents: PROMPT })) chunks.push(chunk);
    expect(chunks.map((c) => c.candidates[0].finishReason)).toEqual(['SAFETY']);
  });

  it('counts tokens, with the programmed count winning', async () => {
    expect(await v1.models.countTokens({ model: MODEL, contents: PROMPT })).toMatchObject({ totalTokens: 10 });
    fake.program({ path: /:countTokens$/ }, { promptTokens: 77 });
    expect((await v1beta.models.countTokens({ model: MODEL, contents: PROMPT })).totalTokens).toBe(77);
    expect(fake.requests.at(-1)!.path).toBe(`/v1beta/models/${MODEL}:countTokens`);
  });

  it('embeds one or several contents (batchEmbedContents), and embedContent answers one embedding', async () => {
    const one = await v1.models.embedContent({ model: 'gemini-embedding-001', contents: 'hello' });
    expect(one.embeddings).toHaveLength(1);
    expect(one.embeddings![0]!.values).toHaveLength(16);
    const several = await v1beta.models.embedContent({
      model: 'gemini-embedding-001',
      contents: ['one', 'two', 'three'],
      config: { outputDimensionality: 8 },
    });
    expect(several.embeddings!.map((e) => e.values!.length)).toEqual([8, 8, 8]);
    expect(fake.requests.at(-1)!.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');

    const res = await post(fake, '/v1beta/models/gemini-embedding-001:embedContent', { content: { parts: [{ text: 'hi' }] }, outputDimensionality: 4 }, { 'x-goog-api-key': KEY });
    const body = (await res.json()) as Json;
    expect(body.embedding.values).toHaveLength(4);
    const wrong = await post(fake, '/v1beta/models/gemini-embedding-001:batchEmbedContents', { requests: [{ model: 'models/other', content: { parts: [{ text: 'x' }] } }] }, { 'x-goog-api-key': KEY });
    expect(wrong.status).toBe(400);
  });

  it('lists models page by page and gets one', async () => {
    const names: string[] = [];
    const pager = await v1beta.models.list({ config: { pageSize: 3 } });
    expect(pager.page).toHaveLength(3);
    for await (const model of pager) names.push(model.name!);
    expect(names).toEqual([
      'models/gemini-2.5-pro',
      'models/gemini-2.5-flash',
      'models/gemini-2.5-flash-lite',
      'models/gemini-2.5-flash-image',
      'models/gemini-2.0-flash',
      'models/gemini-embedding-001',
      'models/text-embedding-004',
    ]);
    expect(fake.requests.filter((r) => r.path === '/v1beta/models').map((r) => r.query.pageToken !== undefined)).toEqual([false, true, true]);
    // `/v1/models` is also OpenAI's path: a Google key makes it Gemini's.
    const fromV1: string[] = [];
    for await (const model of await v1.models.list()) fromV1.push(model.name!);
    expect(fromV1).toEqual(names);

    const model = await v1.models.get({ model: MODEL });
    // The SDK reads `supportedGenerationMethods` as `supportedActions`.
    expect(model).toMatchObject({ name: `models/${MODEL}`, displayName: 'Gemini 2.5 Flash', supportedActions: expect.arrayContaining(['generateContent']) });
    const embedder = await v1beta.models.get({ model: 'gemini-embedding-001' });
    expect(embedder.supportedActions).toContain('embedContent');
    await apiError(v1beta.models.get({ model: 'gemini-0' }), 404, 'NOT_FOUND');
  });

  it('checks the key: none, an unknown one, or one in ?key=', async () => {
    const none = await post(fake, `/v1beta/models/${MODEL}:generateContent`, { contents: [{ parts: [{ text: 'x' }] }] });
    expect(none.status).toBe(403);
    expect(((await none.json()) as Json).error.status).toBe('PERMISSION_DENIED');
    const stranger = new GoogleGenAI({ apiKey: 'AIza-unknown', httpOptions: { baseUrl: fake.url, fetch: fetchInRealm } });
    const error = await apiError(stranger.models.generateContent({ model: MODEL, contents: PROMPT }), 400, 'INVALID_ARGUMENT');
    expect(error.message).toBe('API key not valid. Please pass a valid API key.');
    expect(error.details[0]).toMatchObject({ reason: 'API_KEY_INVALID' });
    const query = await post(fake, `/v1beta/models/${MODEL}:generateContent?key=${KEY}`, { contents: [{ parts: [{ text: 'x' }] }] });
    expect(query.status).toBe(200);
    expect(fake.requests.at(-1)!.apiKey).toBe(KEY);
  });

  it('answers programmed errors in Google error objects the SDK raises as ApiError', async () => {
    const cases = [
      ['bad_request', 400, 'INVALID_ARGUMENT'],
      ['invalid_api_key', 400, 'INVALID_ARGUMENT'],
      ['permission', 403, 'PERMISSION_DENIED'],
      ['model_not_found', 404, 'NOT_FOUND'],
      ['rate_limit', 429, 'RESOURCE_EXHAUSTED'],
      ['server_error', 500, 'INTERNAL'],
      ['overloaded', 503, 'UNAVAILABLE'],
    ] as const;
    for (const [kind, status, name] of cases) {
      fake.program({}, { error: kind }, { times: 1 });
      await apiError(v1.models.generateContent({ model: MODEL, contents: PROMPT }), status, name);
    }
    const notFound = await apiError(
      v1beta.models.generateContent({ model: MODEL, contents: PROMPT, config: { httpOptions: { headers: { 'x-fake-status': '404' } } } }),
      404,
      'NOT_FOUND',
    );
    expect(notFound.message).toContain(`models/${MODEL} is not found for API version v1beta`);
    const misprogrammed = await apiError(
      v1.models.generateContent({ model: MODEL, contents: PROMPT, config: { httpOptions: { headers: { 'x-fake-blocked': 'maybe' } } } }),
      400,
      'INVALID_ARGUMENT',
    );
    expect(misprogrammed.message).toMatch(/^fake-upstream: x-fake-blocked must be one of/);
  });

  it('refuses malformed requests with INVALID_ARGUMENT in Google wording', async () => {
    const headers = { 'x-goog-api-key': KEY };
    const path = `/v1beta/models/${MODEL}:generateContent`;
    const problems: [unknown, string][] = [
      ['{not json', 'Invalid JSON payload received. Unexpected token.'],
      [{ messages: [] }, 'Invalid JSON payload received. Unknown name "messages": Cannot find field.'],
      [{ contents: [] }, '* GenerateContentRequest.contents: contents is not specified\n'],
      [{ contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }, '* GenerateContentRequest.contents[0].role: Please use a valid role: user, model.\n'],
      [{ contents: [{ role: 'user', parts: [{}] }] }, "* GenerateContentRequest.contents[0].parts[0].data: required oneof field 'data' must have one initialized field\n"],
    ];
    for (const [body, message] of problems) {
      const res = await post(fake, path, body, headers);
      expect(res.status).toBe(400);
      expect((await res.json()) as Json).toEqual({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
    }
  });

  it('ends a stream with an error event the SDK raises, or cuts it', async () => {
    fake.program({}, { streamErrorAfter: 2, error: 'rate_limit' }, { times: 1 });
    const texts: string[] = [];
    const failing = (async () => {
      for await (const chunk of await v1.models.generateContentStream({ model: MODEL, contents: PROMPT })) texts.push(chunk.text!);
    })();
    await apiError(failing, 429, 'RESOURCE_EXHAUSTED');
    expect(texts).toEqual(['Hello', ' from']);

    const raw = await post(fake, `/v1/models/${MODEL}:streamGenerateContent`, { contents: [{ parts: [{ text: 'x' }] }] }, {
      'x-goog-api-key': KEY,
      'x-fake-stream-error-after': '1',
    });
    expect(JSON.parse(await raw.text())).toEqual([
      expect.objectContaining({ candidates: expect.any(Array) }),
      { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } },
    ]);

    fake.program({}, { disconnectAfter: 3 });
    const res = await post(fake, `/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, { contents: [{ parts: [{ text: 'x' }] }] }, { 'x-goog-api-key': KEY });
    const { text, error } = await readUntilEnd(res);
    expect(error).toBeDefined();
    expect(text.match(/^data: /gm)).toHaveLength(3);
    expect(text).not.toContain('finishReason');
    expect(fake.requests.at(-1)).toMatchObject({ outcome: 'cut', chunksSent: 3 });
  });
});
