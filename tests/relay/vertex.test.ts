// Official SDKs against the whole stack, to one Vertex AI channel (type 41) on the fake upstream:
// its Claude model in Anthropic's format (from Anthropic's SDK as it is, from OpenAI's translated)
// and its Gemini model in Gemini's (from Google's Gen AI SDK as it is, from OpenAI's translated),
// each at its publisher's path in the region the channel names for the model, with an access token
// the relay got for the channel's service account once for the whole file; each billed exactly.
import { OverloadedError, RateLimitError } from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import type { ServiceAccountKey } from '@modelgate/fake-upstream';
import OpenAI from 'openai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { anthropicClient, DEFAULT_TEXT, failure, HELLO, type User } from './anthropic-sdk-support';

jest.setTimeout(30_000);

type Body = Record<string, any>;

const INITIAL = 100_000_000;
const PROJECT = 'vertex-project';
const CLAUDE = 'claude-sonnet-4@20250514';
const GEMINI = 'gemini-2.5-flash';
const CLAUDE_PATH = `/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/${CLAUDE}`;
const GEMINI_PATH = `/v1/projects/${PROJECT}/locations/global/publishers/google/models/${GEMINI}`;
const WEATHER_TOOL = { name: 'get_weather', arguments: '{"city":"Paris"}' };

/** Claude's formula with ModelRatio 2 and CompletionRatio 5: trunc((in + out × 5) × 2). */
const claudeQuota = (input: number, output: number) => Math.trunc((input + output * 5) * 2);
/** ModelRatio 2 and CompletionRatio 4: (prompt + completion × 4) × 2. */
const geminiQuota = (prompt: number, completion: number) => (prompt + completion * 4) * 2;

describe('Vertex AI channel: Claude and Gemini models behind one service account', () => {
  let stack: RelayStack;
  let key: ServiceAccountKey;
  let channelId: number;
  let brokenId: number;

  const freshUser = (): Promise<User> => stack.userWithToken(INITIAL);
  const anthropic = (user: User) => anthropicClient(stack, user.apiKey);
  const openai = (user: User) => new OpenAI({ baseURL: `${stack.url}/v1`, apiKey: user.apiKey, maxRetries: 0 });
  const genai = (user: User) =>
    new GoogleGenAI({ apiKey: user.apiKey, httpOptions: { baseUrl: stack.url, fetch: (input, init) => fetch(input, init) } });
  /** The upstream calls to Vertex (not the token endpoint's). */
  const vertexCalls = () => stack.fake.requests.filter((request) => request.path.startsWith('/v1/projects/'));
  /** The one consume log of a fresh user, checked against the balance billing left. */
  const onlyLog = async (user: User) => {
    const [log] = await stack.waitForLogs(user.userId, 1);
    const balances = await stack.balances(user.userId);
    expect([balances.usedQuota, balances.requestCount]).toEqual([log!.quota, 1]);
    return log!;
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    key = stack.fake.google.createServiceAccount({ projectId: PROJECT });
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'vertex-claude': 2, 'vertex-gemini': 2, 'vertex-failover': 2 }),
      CompletionRatio: JSON.stringify({ 'vertex-claude': 5, 'vertex-gemini': 4, 'vertex-failover': 5 }),
      RetryTimes: '1',
      'gemini.safety_settings': '{}',
    });
    channelId = await stack.seedChannel({
      type: 41,
      baseUrl: stack.fake.url,
      key: JSON.stringify(key),
      other: JSON.stringify({ default: 'us-east5', [GEMINI]: 'global' }),
      models: ['vertex-claude', 'vertex-gemini', 'vertex-failover'],
      modelMapping: { 'vertex-claude': CLAUDE, 'vertex-gemini': GEMINI, 'vertex-failover': CLAUDE },
      autoBan: false,
    });
    // Tried first for `vertex-failover`: a key the token endpoint does not know.
    const stranger = stack.fake.google.createServiceAccount({ projectId: PROJECT });
    stack.fake.google.removeServiceAccount(stranger.client_email);
    brokenId = await stack.seedChannel({
      type: 41,
      baseUrl: stack.fake.url,
      key: JSON.stringify(stranger),
      other: 'us-east5',
      models: ['vertex-failover'],
      modelMapping: { 'vertex-failover': CLAUDE },
      priority: 10,
      autoBan: false,
    });
    const first = await freshUser();
    await stack.waitForModels(first.apiKey, ['vertex-claude', 'vertex-gemini', 'vertex-failover']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe('Claude, from Anthropic’s SDK', () => {
    it("posts the Messages body Vertex takes to rawPredict with the service account's token; billed by Claude's formula", async () => {
      const me = await freshUser();
      stack.fake.program({ path: `${CLAUDE_PATH}:rawPredict` }, { promptTokens: 30, completionTokens: 9 }, { times: 1 });
      const { data: message, response } = await anthropic(me)
        .messages.create({ model: 'vertex-claude', max_tokens: 256, system: 'Be brief.', messages: HELLO }, { headers: { 'anthropic-beta': 'b-1' } })
        .withResponse();

      expect(message).toMatchObject({ type: 'message', content: [{ type: 'text', text: DEFAULT_TEXT }], usage: { input_tokens: 30, output_tokens: 9 } });
      expect(message.id).toMatch(/^msg_vrtx_/);
      const [upstream] = vertexCalls();
      expect(upstream).toMatchObject({ path: `${CLAUDE_PATH}:rawPredict`, model: CLAUDE });
      expect(upstream!.headers['authorization']).toBe(`Bearer ${stack.fake.google.issuedTokens.at(-1)!.accessToken}`);
      expect(upstream!.headers['anthropic-beta']).toBe('b-1');
      expect(upstream!.body).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 256, system: 'Be brief.', messages: HELLO });

      expect(await onlyLog(me)).toMatchObject({
        requestId: response.headers.get('x-request-id'),
        channelId,
        model: 'vertex-claude',
        promptTokens: 30,
        completionTokens: 9,
        quota: claudeQuota(30, 9),
        isStream: false,
      });
    });

    it('streams a tool call through streamRawPredict, event for event', async () => {
      const me = await freshUser();
      stack.fake.program({ path: `${CLAUDE_PATH}:streamRawPredict` }, { promptTokens: 40, completionTokens: 7, toolCalls: [WEATHER_TOOL] }, { times: 1 });
      const stream = anthropic(me).messages.stream({
        model: 'vertex-claude',
        max_tokens: 128,
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
        tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      });
      const final = await stream.finalMessage();

      expect(final.stop_reason).toBe('tool_use');
      expect(final.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } })]);
      expect(vertexCalls()[0]).toMatchObject({ path: `${CLAUDE_PATH}:streamRawPredict`, stream: true, outcome: 'completed' });
      expect(vertexCalls()[0]!.body).not.toHaveProperty('model');
      expect(await onlyLog(me)).toMatchObject({ promptTokens: 40, completionTokens: 7, quota: claudeQuota(40, 7), isStream: true });
    });

    it('counts tokens at count-tokens:rawPredict, free', async () => {
      const me = await freshUser();
      stack.fake.program({ path: /count-tokens:rawPredict$/ }, { promptTokens: 17 }, { times: 1 });
      expect(await anthropic(me).messages.countTokens({ model: 'vertex-claude', messages: HELLO })).toEqual({ input_tokens: 17 });
      expect(vertexCalls()[0]).toMatchObject({
        path: `/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict`,
        model: CLAUDE,
      });
      expect((await stack.balances(me.userId)).usedQuota).toBe(0);
    });

    it("raises Claude's own errors and Vertex's quota refusal as the SDK's error classes", async () => {
      const me = await freshUser();
      stack.fake.program({ path: `${CLAUDE_PATH}:rawPredict` }, { error: 'overloaded' }, { times: 1 });
      expect(await failure(anthropic(me).messages.create({ model: 'vertex-claude', max_tokens: 8, messages: HELLO }))).toBeInstanceOf(OverloadedError);
      stack.fake.program({ path: `${CLAUDE_PATH}:rawPredict` }, { error: 'rate_limit' }, { times: 1 });
      const limited = await failure(anthropic(me).messages.create({ model: 'vertex-claude', max_tokens: 8, messages: HELLO }));
      expect(limited).toBeInstanceOf(RateLimitError);
      expect(limited.message).toContain('Quota exceeded for aiplatform.googleapis.com');
      expect((await stack.balances(me.userId)).usedQuota).toBe(0);
    });
  });

  describe('Claude, from OpenAI’s SDK (translated)', () => {
    it('answers chat with a tool call and streams text with usage; each billed exactly', async () => {
      const me = await freshUser();
      stack.fake.program({ path: `${CLAUDE_PATH}:rawPredict` }, { promptTokens: 25, completionTokens: 6, toolCalls: [WEATHER_TOOL] }, { times: 1 });
      const completion = await openai(me).chat.completions.create({
        model: 'vertex-claude',
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      });
      expect(completion.choices[0]!.finish_reason).toBe('tool_calls');
      expect(completion.choices[0]!.message.tool_calls).toEqual([expect.objectContaining({ function: { name: 'get_weather', arguments: '{"city":"Paris"}' } })]);
      expect(vertexCalls()[0]!.body as Body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', tools: [{ name: 'get_weather' }] });
      expect(vertexCalls()[0]!.body).not.toHaveProperty('model');
      expect(await onlyLog(me)).toMatchObject({ promptTokens: 25, completionTokens: 6, quota: claudeQuota(25, 6) });

      const streamer = await freshUser();
      stack.fake.program({ path: `${CLAUDE_PATH}:streamRawPredict` }, { promptTokens: 12, completionTokens: 6 }, { times: 1 });
      const stream = await openai(streamer).chat.completions.create({
        model: 'vertex-claude',
        messages: [{ role: 'user', content: 'Say hello.' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        usage = chunk.usage ?? usage;
      }
      expect(text).toBe(DEFAULT_TEXT);
      expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
      expect(await onlyLog(streamer)).toMatchObject({ promptTokens: 12, completionTokens: 6, quota: claudeQuota(12, 6), isStream: true });
    });
  });

  describe('Gemini', () => {
    it("passes Gen AI SDK's generation to the Google publisher path in the model's region (global), whole and streamed", async () => {
      const me = await freshUser();
      stack.fake.program({ path: `${GEMINI_PATH}:generateContent` }, { promptTokens: 20, completionTokens: 5 }, { times: 1 });
      const response = await genai(me).models.generateContent({ model: 'vertex-gemini', contents: 'Say hello.' });
      expect(response.text).toBe(DEFAULT_TEXT);
      expect(response.usageMetadata).toMatchObject({ promptTokenCount: 20, candidatesTokenCount: 5 });
      expect(vertexCalls()[0]).toMatchObject({ path: `${GEMINI_PATH}:generateContent`, model: GEMINI });
      expect(vertexCalls()[0]!.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Say hello.' }] }] });
      expect(vertexCalls()[0]!.headers['authorization']).toMatch(/^Bearer ya29\.fake-/);
      expect(await onlyLog(me)).toMatchObject({ channelId, model: 'vertex-gemini', promptTokens: 20, completionTokens: 5, quota: geminiQuota(20, 5) });

      const streamer = await freshUser();
      stack.fake.program({ path: `${GEMINI_PATH}:streamGenerateContent` }, { promptTokens: 8, completionTokens: 6 }, { times: 1 });
      let text = '';
      for await (const chunk of await genai(streamer).models.generateContentStream({ model: 'vertex-gemini', contents: 'Say hello.' })) {
        text += chunk.text ?? '';
      }
      expect(text).toBe(DEFAULT_TEXT);
      expect(vertexCalls()[1]).toMatchObject({ path: `${GEMINI_PATH}:streamGenerateContent`, query: { alt: 'sse' }, stream: true });
      expect(await onlyLog(streamer)).toMatchObject({ promptTokens: 8, completionTokens: 6, quota: geminiQuota(8, 6), isStream: true });
    });

    it("translates OpenAI's chat to generateContent and back; billed exactly", async () => {
      const me = await freshUser();
      stack.fake.program({ path: `${GEMINI_PATH}:generateContent` }, { promptTokens: 14, completionTokens: 6 }, { times: 1 });
      const completion = await openai(me).chat.completions.create({ model: 'vertex-gemini', messages: [{ role: 'user', content: 'Say hello.' }] });
      expect(completion.choices[0]!.message.content).toBe(DEFAULT_TEXT);
      expect(completion.usage).toMatchObject({ prompt_tokens: 14, completion_tokens: 6 });
      expect(vertexCalls()[0]!.body as Body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Say hello.' }] }] });
      expect(await onlyLog(me)).toMatchObject({ promptTokens: 14, completionTokens: 6, quota: geminiQuota(14, 6) });
    });
  });

  it("takes a key the token endpoint refuses as the channel's failure, and retries on another channel", async () => {
    const me = await freshUser();
    stack.fake.program({ path: `${CLAUDE_PATH}:rawPredict` }, { promptTokens: 10, completionTokens: 2 }, { times: 1 });
    const message = await anthropic(me).messages.create({ model: 'vertex-failover', max_tokens: 8, messages: HELLO });
    expect(message.content).toEqual([expect.objectContaining({ text: DEFAULT_TEXT })]);
    // The refused exchange, then the call on the channel whose token is cached.
    expect(stack.fake.requests.map((request) => request.path)).toEqual(['/token', `${CLAUDE_PATH}:rawPredict`]);
    expect(await onlyLog(me)).toMatchObject({ channelId, quota: claudeQuota(10, 2) });
    const root = await stack.api.root();
    const tested = (await root.get(`/api/channel/test/${brokenId}?model=vertex-failover`)).body;
    expect(tested).toMatchObject({ success: false });
    expect(tested.message).toBe(
      "status code 401: the channel's service account could not get a Vertex AI access token (invalid_grant: Invalid grant: account not found)",
    );
  });

  it("tests the channel from the console through the same path, for each of its models", async () => {
    const root = await stack.api.root();
    for (const model of ['vertex-claude', 'vertex-gemini']) {
      expect((await root.get(`/api/channel/test/${channelId}?model=${model}`)).body).toMatchObject({ success: true, message: '' });
    }
    expect(vertexCalls().map((call) => call.path)).toEqual([`${CLAUDE_PATH}:rawPredict`, `${GEMINI_PATH}:generateContent`]);
  });

  it("exchanged the service account's key for a token once, for the relay and the tester alike", () => {
    expect(stack.fake.google.tokenExchanges).toBe(1);
    expect(stack.fake.google.issuedTokens).toEqual([expect.objectContaining({ clientEmail: key.client_email })]);
  });
});
