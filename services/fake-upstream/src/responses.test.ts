import OpenAI, { AzureOpenAI, NotFoundError, RateLimitError } from 'openai';
import { type FakeUpstream, startFakeUpstream } from './server';
import { post, readUntilEnd } from './test-helpers.test-support';

type Json = Record<string, any>;

const WEATHER = { name: 'get_weather', arguments: '{"city":"Paris"}' };
const TOOLS: OpenAI.Responses.Tool[] = [
  { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: false },
];

/** The named events of a Responses stream, checking the `event:` line names the `type` of its data. */
function namedEvents(raw: string): Json[] {
  return raw
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const match = /^event: (\S+)\ndata: (.+)$/.exec(block);
      if (match === null) throw new Error(`not a named SSE event: ${JSON.stringify(block)}`);
      const data = JSON.parse(match[2]!) as Json;
      expect(data.type).toBe(match[1]);
      return data;
    });
}

describe('fake upstream: the Responses API through the official SDK', () => {
  let fake: FakeUpstream;
  let openai: OpenAI;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    openai = new OpenAI({ apiKey: 'sk-responses-a', baseURL: `${fake.url}/v1`, maxRetries: 0 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('answers a Response object with the default text and usage estimated like chat', async () => {
    const response = await openai.responses.create({ model: 'gpt-4o', input: 'Say hello to the fake upstream, please.' });
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-4o',
      store: true,
      output: [
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Hello from the fake upstream.', annotations: [] }],
        },
      ],
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 6,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 16,
      },
    });
    expect(response.id).toMatch(/^resp_/);
    expect(response.output_text).toBe('Hello from the fake upstream.');
    expect(Math.abs(response.created_at - Date.now() / 1000)).toBeLessThan(5);
  });

  it('honours programmed text, token counts and a reasoning item whose summary comes only when asked', async () => {
    fake.program({}, { text: 'Programmed.', reasoning: 'Think it over', promptTokens: 50, completionTokens: 9, cachedTokens: 40 });
    const summarised = await openai.responses.create({
      model: 'o4-mini',
      input: 'Why?',
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(summarised.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(summarised.output[0]).toMatchObject({ summary: [{ type: 'summary_text', text: 'Think it over' }] });
    expect(summarised.output_text).toBe('Programmed.');
    expect(summarised.usage).toEqual({
      input_tokens: 50,
      input_tokens_details: { cached_tokens: 40 },
      output_tokens: 9,
      output_tokens_details: { reasoning_tokens: 3 },
      total_tokens: 59,
    });
    const plain = await openai.responses.create({ model: 'o4-mini', input: 'Why?' });
    expect(plain.output[0]).toMatchObject({ type: 'reasoning', summary: [] });
  });

  it('answers JSON that follows the requested json_schema format', async () => {
    const response = await openai.responses.create({
      model: 'gpt-4o',
      input: 'A city, please.',
      text: {
        format: {
          type: 'json_schema',
          name: 'city',
          strict: true,
          schema: {
            type: 'object',
            properties: { name: { type: 'string' }, population: { type: 'integer' }, kind: { enum: ['capital', 'town'] } },
            required: ['name', 'population', 'kind'],
            additionalProperties: false,
          },
        },
      },
    });
    expect(JSON.parse(response.output_text)).toEqual({ name: 'fake', population: 1, kind: 'capital' });
  });

  it('round-trips a function call: the call, then its output chained by previous_response_id', async () => {
    fake.program({}, { toolCalls: [WEATHER] }, { times: 1 });
    const first = await openai.responses.create({ model: 'gpt-4o', input: 'Weather in Paris?', tools: TOOLS });
    expect(first.output).toEqual([
      {
        id: expect.stringMatching(/^fc_/),
        type: 'function_call',
        status: 'completed',
        call_id: expect.stringMatching(/^call_/),
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
      },
    ]);
    const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    const second = await openai.responses.create({
      model: 'gpt-4o',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"temperature":21}' }],
      tools: TOOLS,
    });
    expect(second.previous_response_id).toBe(first.id);
    expect(second.output_text).toBe('Hello from the fake upstream.');
    // The conversation before counts towards the input.
    expect(second.usage!.input_tokens).toBeGreaterThan(first.usage!.input_tokens - 1);
    expect(fake.requests[1]!.body).toMatchObject({ previous_response_id: first.id });
  });

  it('answers 404 previous_response_not_found for a response another key (or another upstream) stored', async () => {
    const stored = await openai.responses.create({ model: 'gpt-4o', input: 'Hi' });
    const other = new OpenAI({ apiKey: 'sk-responses-b', baseURL: `${fake.url}/v1`, maxRetries: 0 });
    const error = await other.responses
      .create({ model: 'gpt-4o', input: 'Again', previous_response_id: stored.id })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).error).toEqual({
      message: `Previous response with id '${stored.id}' not found.`,
      type: 'invalid_request_error',
      param: 'previous_response_id',
      code: 'previous_response_not_found',
    });
    await expect(other.responses.retrieve(stored.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(fake.responses.size('sk-responses-a')).toBe(1);
    expect(fake.responses.size('sk-responses-b')).toBe(0);
  });

  it('retrieves, lists the input items of, and deletes a stored response; store: false keeps nothing', async () => {
    const created = await openai.responses.create({
      model: 'gpt-4o',
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: 'First question' },
        { role: 'user', content: [{ type: 'input_text', text: 'Second question' }] },
      ],
    });
    expect(await openai.responses.retrieve(created.id)).toEqual(created);
    const items = await openai.responses.inputItems.list(created.id, { order: 'asc' });
    expect(items.data).toEqual([
      { id: expect.any(String), type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text: 'First question' }] },
      { id: expect.any(String), type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text: 'Second question' }] },
    ]);
    const newestFirst = await openai.responses.inputItems.list(created.id);
    expect(newestFirst.data.map((item) => (item as Json).content[0].text)).toEqual(['Second question', 'First question']);
    await expect(openai.responses.cancel(created.id)).rejects.toMatchObject({
      status: 400,
      error: { message: 'Cannot cancel a synchronous response.' },
    });
    expect(await openai.responses.delete(created.id)).toEqual({ id: created.id, object: 'response.deleted', deleted: true });
    const raw = await fetch(`${fake.url}/v1/responses/${created.id}`, { method: 'DELETE', headers: { authorization: 'Bearer sk-responses-a' } });
    expect(raw.status).toBe(404);
    await expect(openai.responses.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError);

    const unstored = await openai.responses.create({ model: 'gpt-4o', input: 'Hi', store: false });
    expect((unstored as Json).store).toBe(false);
    await expect(openai.responses.retrieve(unstored.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('queues a background response, which retrieve then shows completed and cancel leaves as it is', async () => {
    const queued = await openai.responses.create({ model: 'gpt-4o', input: 'Hi', background: true });
    expect(queued).toMatchObject({ status: 'queued', background: true, output: [] });
    const done = await openai.responses.retrieve(queued.id);
    expect(done.status).toBe('completed');
    expect(await openai.responses.cancel(queued.id)).toMatchObject({ id: queued.id, status: 'completed', output: done.output });
  });

  it('stops at max_output_tokens with status incomplete', async () => {
    const response = await openai.responses.create({ model: 'gpt-4o', input: 'Hi', max_output_tokens: 2 });
    expect(response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [{ type: 'message', status: 'incomplete' }],
      usage: { output_tokens: 2 },
    });
    expect(response.output_text).toBe('Hello from');
  });

  it('compacts a conversation into its user messages and one compaction item', async () => {
    const first = await openai.responses.create({ model: 'gpt-4o', input: 'Remember the number 7.' });
    const compacted = await openai.responses.compact({ model: 'gpt-4o', previous_response_id: first.id, input: 'And 8.' });
    expect(compacted.object).toBe('response.compaction');
    expect(compacted.output.map((item) => item.type)).toEqual(['message', 'message', 'compaction']);
    expect(compacted.output[2]).toMatchObject({ encrypted_content: expect.any(String) });
    expect(compacted.usage.total_tokens).toBe(compacted.usage.input_tokens + compacted.usage.output_tokens);
  });

  it('answers programmed errors as the SDK error classes and a missing model as 400', async () => {
    fake.program({}, { error: 'rate_limit' }, { times: 1 });
    await expect(openai.responses.create({ model: 'gpt-4o', input: 'Hi' })).rejects.toBeInstanceOf(RateLimitError);
    const res = await post(fake, '/v1/responses', { input: 'Hi' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.code).toBe('missing_required_parameter');
    const bad = await post(fake, '/v1/responses', { model: 'gpt-4o', input: 7 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toMatchObject({ param: 'input', type: 'invalid_request_error' });
  });

  it('serves Azure paths: /openai/v1/responses, and /openai/responses only with api-version', async () => {
    const azure = new AzureOpenAI({ apiKey: 'azure-key', endpoint: fake.url, apiVersion: '2025-04-01-preview', deployment: 'gpt-4o-dep' });
    const response = await azure.responses.create({ model: 'gpt-4o', input: 'Hi' });
    expect(response.output_text).toBe('Hello from the fake upstream.');
    const sent = fake.requests[0]!;
    expect(sent.apiKey).toBe('azure-key');
    const v1 = await post(fake, '/openai/v1/responses', { model: 'gpt-4o', input: 'Hi' }, { 'api-key': 'azure-key' });
    expect(v1.status).toBe(200);
    expect((await post(fake, '/openai/responses', { model: 'gpt-4o', input: 'Hi' })).status).toBe(404);
    const versioned = await post(fake, '/openai/responses?api-version=2025-04-01-preview', { model: 'gpt-4o', input: 'Hi' });
    expect(versioned.status).toBe(200);
  });

  describe('streaming', () => {
    it('streams the full event sequence that responses.stream assembles into the final response', async () => {
      fake.program({}, { reasoning: 'Weigh it', toolCalls: [WEATHER], text: 'Checking.' }, { times: 1 });
      const stream = openai.responses.stream({
        model: 'o4-mini',
        input: 'Weather?',
        tools: TOOLS,
        reasoning: { summary: 'auto' },
      });
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const final = await stream.finalResponse();
      expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
      expect(events.map((e) => e.type)).toEqual([
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.reasoning_summary_part.added',
        'response.reasoning_summary_text.delta',
        'response.reasoning_summary_text.delta',
        'response.reasoning_summary_text.done',
        'response.reasoning_summary_part.done',
        'response.output_item.done',
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.output_item.added',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.done',
        'response.output_item.done',
        'response.completed',
      ]);
      expect(final.status).toBe('completed');
      expect(final.output_text).toBe('Checking.');
      expect(final.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call']);
      expect(final.output[2]).toMatchObject({ name: 'get_weather', arguments: WEATHER.arguments });
      expect(final.usage).toMatchObject({ output_tokens: 6, output_tokens_details: { reasoning_tokens: 2 } });
      expect(await openai.responses.retrieve(final.id)).toMatchObject({ id: final.id, status: 'completed' });
    });

    it('streams text deltas as content chunks: programmed chunk count and a cut after N of them', async () => {
      const res = await post(fake, '/v1/responses', { model: 'gpt-4o', input: 'Hi', stream: true }, { 'x-fake-chunks': '3' });
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const events = namedEvents(await res.text());
      const deltas = events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta);
      expect(deltas).toHaveLength(3);
      expect(deltas.join('')).toBe(events.find((e) => e.type === 'response.output_text.done')!.text);

      const cut = await post(fake, '/v1/responses', { model: 'gpt-4o', input: 'Hi', stream: true }, { 'x-fake-disconnect-after': '2' });
      const { text, error } = await readUntilEnd(cut);
      expect(error).toBeDefined();
      expect(text).toContain('response.output_text.delta');
      expect(text).not.toContain('response.completed');
      expect(fake.requests[1]!.outcome).toBe('cut');
    });

    it('ends with an error event and response.failed after N chunks when programmed', async () => {
      const res = await post(
        fake,
        '/v1/responses',
        { model: 'gpt-4o', input: 'Hi', stream: true },
        { 'x-fake-stream-error-after': '2', 'x-fake-error': 'overloaded' },
      );
      const events = namedEvents(await res.text());
      expect(events.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(2);
      const [error, failed] = events.slice(-2);
      expect(error).toMatchObject({ type: 'error', code: 'server_error', message: 'The server is overloaded or not ready yet.' });
      expect(failed).toMatchObject({ type: 'response.failed', response: { status: 'failed', error: { code: 'server_error' } } });
      expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    });

    it('ends with response.incomplete when max_output_tokens is reached', async () => {
      const stream = openai.responses.stream({ model: 'gpt-4o', input: 'Hi', max_output_tokens: 3 });
      const types: string[] = [];
      for await (const event of stream) types.push(event.type);
      expect(types[types.length - 1]).toBe('response.incomplete');
      const final = await stream.finalResponse();
      expect(final).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
      expect(final.output_text).toBe('Hello from the');
    });
  });
});
