import Anthropic from '@anthropic-ai/sdk';
import { type FakeUpstream, startFakeUpstream } from './server';
import { post } from './test-helpers.test-support';

type Json = Record<string, any>;

const WEATHER = { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' };
const PARAMS = {
  model: 'claude-sonnet-4-6',
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: 'Say hello to the fake upstream, please.' }],
};
const ANTHROPIC_HEADERS = { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };

/** `event:` names and parsed `data:` of a whole Anthropic SSE body, failing on any other framing. */
function namedEvents(raw: string): { event: string; data: Json }[] {
  if (!/^(event: [a-z_]+\ndata: [^\n]+\n\n)*$/.test(raw)) throw new Error(`not Anthropic SSE: ${raw.slice(0, 200)}`);
  return raw
    .split('\n\n')
    .filter((e) => e !== '')
    .map((e) => {
      const [event, data] = e.split('\n') as [string, string];
      const parsed = JSON.parse(data.slice('data: '.length)) as Json;
      expect(parsed.type).toBe(event.slice('event: '.length));
      return { event: event.slice('event: '.length), data: parsed };
    });
}

describe('fake upstream: Anthropic Messages API through the official SDK', () => {
  let fake: FakeUpstream;
  let anthropic: Anthropic;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    anthropic = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('answers a Message with Anthropic usage and records what the client sent', async () => {
    const message = await anthropic.messages.create(PARAMS, { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } });
    expect(message).toEqual({
      id: expect.stringMatching(/^msg_\S+$/),
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [{ type: 'text', text: 'Hello from the fake upstream.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 10,
        output_tokens: 6,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        service_tier: 'standard',
      },
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({ path: '/v1/messages', apiKey: 'sk-ant-test', model: PARAMS.model, stream: false });
    expect(request!.headers).toMatchObject({
      'anthropic-version': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'anthropic-beta': 'prompt-caching-2024-07-31',
    });
  });

  it('answers thinking, text and tool_use blocks with parsed input and cache usage', async () => {
    fake.program({}, {
      reasoning: 'Weather needs a tool.',
      text: 'Let me check.',
      toolCalls: [WEATHER],
      promptTokens: 500,
      completionTokens: 42,
      cachedTokens: 300,
      cacheCreationTokens: 100,
      cacheCreation1hTokens: 50,
    });
    const message = await anthropic.messages.create(PARAMS);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Weather needs a tool.', signature: expect.any(String) },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({
      input_tokens: 500,
      output_tokens: 42,
      cache_read_input_tokens: 300,
      cache_creation_input_tokens: 150,
      cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 50 },
    });
  });

  it('leaves the text block out when only tool calls are programmed, and honours a programmed stop reason', async () => {
    fake.program({}, { toolCalls: [{ ...WEATHER, id: 'toolu_fixed' }] }, { times: 1 });
    const tools = await anthropic.messages.create(PARAMS);
    expect(tools.content).toEqual([{ type: 'tool_use', id: 'toolu_fixed', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } }]);
    fake.program({}, { finishReason: 'max_tokens', usage: 'none' });
    const cut = await anthropic.messages.create(PARAMS);
    expect(cut.stop_reason).toBe('max_tokens');
    expect(cut).not.toHaveProperty('usage');
  });

  it('streams the exact event sequence, and finalMessage() equals the whole answer', async () => {
    const behaviour = { reasoning: 'Hmm, weather.', text: 'Checking now.', toolCalls: [{ ...WEATHER, id: 'toolu_1' }], cachedTokens: 7 };
    fake.program({}, behaviour);
    const whole = await anthropic.messages.create(PARAMS);

    const raw = await post(fake, '/v1/messages', { ...PARAMS, stream: true }, ANTHROPIC_HEADERS);
    expect(raw.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(raw.headers.get('request-id')).toMatch(/^req_/);
    const events = namedEvents(await raw.text());
    const order = events.map(({ data }) => (data.delta?.type ? `${data.type}:${data.delta.type}` : data.type));
    expect(order).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta:thinking_delta',
      'content_block_delta:thinking_delta',
      'content_block_delta:signature_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta:text_delta',
      'content_block_delta:text_delta',
      'content_block_stop',
      'content_block_start',
      ...Array(4).fill('content_block_delta:input_json_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]!.data.message).toMatchObject({ content: [], stop_reason: null, usage: { output_tokens: 1, cache_read_input_tokens: 7 } });
    expect(events[11]!.data.content_block).toEqual({ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} });
    expect(events[12]!.data.delta).toEqual({ type: 'input_json_delta', partial_json: '' });
    expect(events[events.length - 2]!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 7, output_tokens: whole.usage.output_tokens },
    });

    const stream = anthropic.messages.stream(PARAMS);
    const seen: string[] = [];
    for await (const event of stream) seen.push(event.type);
    expect(seen).toEqual(order.filter((e) => e !== 'ping').map((e) => e.split(':')[0]));
    // The SDK adds `parsed_output` (its structured-output parse) to what it assembled.
    const { parsed_output: parsed, ...final } = (await stream.finalMessage()) as Anthropic.Message & { parsed_output: unknown };
    expect(parsed).toBeNull();
    expect(final).toEqual({ ...whole, id: final.id });
  });

  it('splits the streamed text into the programmed chunks, with delays', async () => {
    const started = Date.now();
    const stream = anthropic.messages.stream(PARAMS, { headers: { 'x-fake-chunks': '3', 'x-fake-chunk-delay-ms': '40' } });
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    const final = await stream.finalMessage();
    expect(texts).toEqual(['Hello', ' from', ' the']);
    expect(final.content).toEqual([{ type: 'text', text: 'Hello from the' }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    expect(fake.requests[0]).toMatchObject({ stream: true, chunksSent: 3, outcome: 'completed' });
  });

  it('counts tokens', async () => {
    expect(await anthropic.messages.countTokens({ model: PARAMS.model, messages: PARAMS.messages })).toEqual({ input_tokens: 10 });
    fake.program({ path: '/v1/messages/count_tokens' }, { promptTokens: 1234 });
    expect(await anthropic.messages.countTokens({ model: PARAMS.model, messages: PARAMS.messages })).toEqual({ input_tokens: 1234 });
  });

  it('lists models in Anthropic shape to an Anthropic client, and in OpenAI shape otherwise', async () => {
    const page = await anthropic.models.list();
    expect(page.data[2]).toEqual({
      type: 'model',
      id: 'claude-haiku-4-5-20251001',
      display_name: 'Claude Haiku 4.5',
      created_at: '2025-10-01T00:00:00Z',
    });
    expect(page.data.map((m) => m.display_name)).toContain('Claude Opus 4.6');
    expect(page.has_more).toBe(false);
    const raw = (await (await fetch(`${fake.url}/v1/models`, { headers: ANTHROPIC_HEADERS })).json()) as Json;
    expect(raw).toMatchObject({ has_more: false, first_id: 'claude-opus-4-6', last_id: 'claude-sonnet-4-5-20250929' });
    expect(await anthropic.models.retrieve('claude-sonnet-4-6')).toMatchObject({ display_name: 'Claude Sonnet 4.6' });
    await expect(anthropic.models.retrieve('claude-2')).rejects.toMatchObject({ status: 404, type: 'not_found_error' });
    const openai = (await (await fetch(`${fake.url}/v1/models`)).json()) as Json;
    expect(openai.object).toBe('list');
  });
});
