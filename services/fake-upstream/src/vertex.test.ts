import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import { GoogleAuth } from 'google-auth-library';
import { type FakeUpstream, startFakeUpstream } from './server';
import { type ServiceAccountKey, googleAuthOptions } from './service-account';
import { post } from './test-helpers.test-support';

type Json = Record<string, any>;

const PROJECT = 'vertex-project';
const GEMINI = 'gemini-2.5-flash';
const CLAUDE = 'claude-sonnet-4-5@20250929';
const PROMPT = 'Say hello to the fake upstream, please.'; // 10 tokens
const CLAUDE_PARAMS = { model: CLAUDE, max_tokens: 256, messages: [{ role: 'user' as const, content: PROMPT }] };

// Under jest the SDK's own undici dispatcher is missing from the test realm: hand it a fetch.
const fetchInRealm = (input: string | URL | Request, init?: RequestInit): Promise<Response> => fetch(input, init);

/** The error body of a failed SDK call, checked to be an ApiError with `status`. */
async function apiError(promise: Promise<unknown>, status: number): Promise<Json> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  return (JSON.parse((error as ApiError).message) as Json).error as Json;
}

describe('fake upstream: Vertex AI (Gemini and Claude) behind its OAuth tokens', () => {
  let fake: FakeUpstream;
  let key: ServiceAccountKey;
  let genai: GoogleGenAI;
  let claude: AnthropicVertex;
  const bearer = (): string => `Bearer ${fake.google.issuedTokens.at(-1)!.accessToken}`;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    key = fake.google.createServiceAccount({ projectId: PROJECT });
    genai = new GoogleGenAI({
      vertexai: true,
      project: PROJECT,
      location: 'us-central1',
      googleAuthOptions: googleAuthOptions(key),
      httpOptions: { baseUrl: fake.url, fetch: fetchInRealm },
    });
    claude = new AnthropicVertex({
      region: 'us-east5',
      projectId: PROJECT,
      baseURL: `${fake.url}/v1`,
      googleAuth: new GoogleAuth(googleAuthOptions(key)),
      maxRetries: 0,
    });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('answers Gemini on Vertex with a token from the token endpoint, on the SDK default v1beta1 path', async () => {
    const response = await genai.models.generateContent({ model: GEMINI, contents: PROMPT });
    expect(response.text).toBe('Hello from the fake upstream.');
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: 10, candidatesTokenCount: 6, totalTokenCount: 16 });
    expect(response.createTime).toEqual(expect.any(String));
    const generate = fake.requests.find((r) => r.path.endsWith(':generateContent'))!;
    expect(generate).toMatchObject({
      path: `/v1beta1/projects/${PROJECT}/locations/us-central1/publishers/google/models/${GEMINI}:generateContent`,
      model: GEMINI,
    });
    expect(generate.headers.authorization).toBe(bearer());
    expect(generate.apiKey).toMatch(/^ya29\.fake-/);
  });

  it('streams Gemini on Vertex, counts tokens with billable characters, and embeds with :predict', async () => {
    const texts: string[] = [];
    for await (const chunk of await genai.models.generateContentStream({ model: GEMINI, contents: PROMPT })) texts.push(chunk.text ?? '');
    expect(texts.join('')).toBe('Hello from the fake upstream.');
    const count = await genai.models.countTokens({ model: GEMINI, contents: PROMPT });
    expect(count).toMatchObject({ totalTokens: 10 });
    const raw = (await (await post(fake, `/v1/projects/${PROJECT}/locations/us-central1/publishers/google/models/${GEMINI}:countTokens`, { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] }, { authorization: bearer() })).json()) as Json;
    expect(raw).toMatchObject({ totalTokens: 10, totalBillableCharacters: 39 });
    const embedded = await genai.models.embedContent({ model: 'text-embedding-004', contents: ['one', 'two'], config: { outputDimensionality: 8 } });
    expect(embedded.embeddings!.map((e) => e.values!.length)).toEqual([8, 8]);
    expect(fake.requests.at(-1)!.path).toBe(`/v1beta1/projects/${PROJECT}/locations/us-central1/publishers/google/models/text-embedding-004:predict`);
  });

  it('serves the global location and the v1 paths', async () => {
    const global = new GoogleGenAI({
      vertexai: true,
      project: PROJECT,
      location: 'global',
      googleAuthOptions: googleAuthOptions(key),
      httpOptions: { baseUrl: fake.url, apiVersion: 'v1', fetch: fetchInRealm },
    });
    expect((await global.models.generateContent({ model: GEMINI, contents: PROMPT })).text).toBe('Hello from the fake upstream.');
    expect(fake.requests.at(-1)!.path).toBe(`/v1/projects/${PROJECT}/locations/global/publishers/google/models/${GEMINI}:generateContent`);
  });

  it('answers Claude on Vertex with rawPredict, given the Vertex body', async () => {
    const message = await claude.messages.create(CLAUDE_PARAMS);
    expect(message).toMatchObject({
      id: expect.stringMatching(/^msg_vrtx_/),
      type: 'message',
      model: CLAUDE,
      content: [{ type: 'text', text: 'Hello from the fake upstream.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 6 },
    });
    const request = fake.requests.find((r) => r.path.endsWith(':rawPredict'))!;
    expect(request.path).toBe(`/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/${CLAUDE}:rawPredict`);
    // The SDK copies its `anthropic-version` header into the body.
    expect(request.body).toMatchObject({ anthropic_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), max_tokens: 256 });
    expect(request.body).not.toHaveProperty('model');
    expect(request.model).toBe(CLAUDE);
  });

  it('streams Claude on Vertex with streamRawPredict and counts its tokens', async () => {
    fake.program({}, { reasoning: 'Hmm.', toolCalls: [{ name: 'get_weather', arguments: '{"city":"Rome"}' }] });
    const stream = claude.messages.stream(CLAUDE_PARAMS);
    const final = await stream.finalMessage();
    expect(final.content.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    expect(final.stop_reason).toBe('tool_use');
    expect(fake.requests.at(-1)).toMatchObject({ stream: true, outcome: 'completed' });
    expect(fake.requests.at(-1)!.path).toMatch(/:streamRawPredict$/);
    expect(await claude.messages.countTokens({ model: CLAUDE, messages: CLAUDE_PARAMS.messages })).toEqual({ input_tokens: 10 });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict`,
      model: CLAUDE,
    });
  });

  it('refuses Claude bodies Vertex refuses', async () => {
    const path = `/v1/projects/${PROJECT}/locations/global/publishers/anthropic/models/${CLAUDE}:rawPredict`;
    const base = { anthropic_version: 'vertex-2023-10-16', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] };
    const cases: [Json, string][] = [
      [{ ...base, anthropic_version: undefined }, 'anthropic_version: Field required'],
      [{ ...base, anthropic_version: 'bedrock-2023-05-31' }, "anthropic_version: Input should be 'vertex-2023-10-16'"],
      [{ ...base, model: CLAUDE }, 'model: Extra inputs are not permitted'],
      [{ ...base, max_tokens: undefined }, 'max_tokens: Field required'],
    ];
    for (const [body, message] of cases) {
      const res = await post(fake, path, body, { authorization: bearer() });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error).toEqual({ type: 'invalid_request_error', message });
    }
    const ok = await post(fake, path, base, { authorization: bearer() });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).model).toBe(CLAUDE);
  });

  it('refuses a missing, unknown, expired or under-scoped token with 401 UNAUTHENTICATED / 403', async () => {
    const path = `/v1/projects/${PROJECT}/locations/us-central1/publishers/google/models/${GEMINI}:generateContent`;
    const body = { contents: [{ role: 'user', parts: [{ text: 'x' }] }] };
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer ya29.made-up' }, { 'x-goog-api-key': 'AIzaFakeGeminiKey' }];
    for (const headers of attempts) {
      const res = await post(fake, path, body, headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as Json).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    }
    const narrow = new GoogleAuth(googleAuthOptions(key, ['https://www.googleapis.com/auth/userinfo.email']));
    const narrowRes = await post(fake, path, body, { authorization: `Bearer ${await narrow.getAccessToken()}` });
    expect(narrowRes.status).toBe(403);
    expect(((await narrowRes.json()) as Json).error).toMatchObject({ status: 'PERMISSION_DENIED', message: 'Request had insufficient authentication scopes.' });

    // Expired on the server while the client still holds it: refused until the client exchanges again.
    const other = fake.google.createServiceAccount({ projectId: PROJECT });
    const vertexAs = (account: ServiceAccountKey) =>
      new GoogleGenAI({
        vertexai: true,
        project: PROJECT,
        location: 'us-central1',
        googleAuthOptions: googleAuthOptions(account),
        httpOptions: { baseUrl: fake.url, fetch: fetchInRealm },
      });
    const holder = vertexAs(other);
    const claudeHolder = new AnthropicVertex({ region: 'global', projectId: PROJECT, baseURL: `${fake.url}/v1`, googleAuth: new GoogleAuth(googleAuthOptions(other)), maxRetries: 0 });
    expect((await holder.models.generateContent({ model: GEMINI, contents: PROMPT })).text).toBe('Hello from the fake upstream.');
    expect((await claudeHolder.messages.create(CLAUDE_PARAMS)).model).toBe(CLAUDE);
    const exchanges = fake.google.tokenExchanges;
    fake.google.expireTokens(other.client_email);
    await apiError(holder.models.generateContent({ model: GEMINI, contents: PROMPT }), 401);
    await expect(claudeHolder.messages.create(CLAUDE_PARAMS)).rejects.toMatchObject({ status: 401 });
    expect((await vertexAs(other).models.generateContent({ model: GEMINI, contents: PROMPT })).text).toBe('Hello from the fake upstream.');
    expect(fake.google.tokenExchanges).toBe(exchanges + 1);
    // The other account's tokens still hold.
    expect((await genai.models.generateContent({ model: GEMINI, contents: PROMPT })).text).toBe('Hello from the fake upstream.');
  });

  it("answers programmed errors: Google's shape for Gemini, Anthropic's for Claude but for quota", async () => {
    fake.program({ model: GEMINI }, { error: 'rate_limit' }, { times: 1 });
    const quota = await apiError(genai.models.generateContent({ model: GEMINI, contents: PROMPT }), 429);
    expect(quota).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('error-code-429') });
    fake.program({ model: GEMINI }, { error: 'model_not_found' }, { times: 1 });
    const missing = await apiError(genai.models.generateContent({ model: GEMINI, contents: PROMPT }), 404);
    expect(missing.message).toContain(`projects/${PROJECT}/locations/us-central1/publishers/google/models/${GEMINI}`);

    fake.program({ model: CLAUDE }, { error: 'overloaded' }, { times: 1 });
    await expect(claude.messages.create(CLAUDE_PARAMS)).rejects.toMatchObject({ status: 529, error: { type: 'error', error: { type: 'overloaded_error' } } });
    fake.program({ model: CLAUDE }, { status: 429 }, { times: 1 });
    await expect(claude.messages.create(CLAUDE_PARAMS)).rejects.toMatchObject({ status: 429, error: { error: { status: 'RESOURCE_EXHAUSTED' } } });
    fake.program({ model: CLAUDE }, { streamErrorAfter: 1 }, { times: 1 });
    await expect(claude.messages.stream(CLAUDE_PARAMS).finalMessage()).rejects.toThrow(/Overloaded/);
  });
});
