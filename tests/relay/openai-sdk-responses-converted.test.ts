// The official OpenAI SDK's Responses API against the whole stack, to channels that do not serve
// it: an OpenAI-compatible vendor that offers chat completions only (DeepSeek), a Claude channel
// and a Gemini channel. Every call is translated to chat completions (and on to Claude's Messages
// or Gemini's generateContent) and the answer back to a Response: `responses.create` and
// `responses.stream` (the event order, `finalResponse()`), a function call round trip given back
// without `previous_response_id`, JSON schema output, reasoning, the refusals of what a chat
// channel cannot do (built-in tools, stored responses) with nothing charged, mid-stream errors and
// cut streams, and exact quotas.
import type { FakeRequest } from '@modelgate/fake-upstream';
import OpenAI, { BadRequestError } from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { expectNothingCharged, failure, type User } from './anthropic-sdk-support';
import { claudeQuota } from './openai-sdk-claude-support';

jest.setTimeout(30_000);

type Body = Record<string, any>;

const INITIAL = 100_000_000;
const DEFAULT_TEXT = 'Hello from the fake upstream.';
/** Completion tokens of the fake's default answer (one per piece). */
const DEFAULT_COMPLETION = 6;
const RATIOS = { modelRatio: 1.5, completionRatio: 4, cacheRatio: 0.25, groupRatio: 1 };

/** OpenAI's formula with this file's ratios: round((prompt − cached + cached × 0.25 + completion × 4) × 1.5). */
function openAIQuota(u: { prompt: number; completion: number }): number {
  return Math.max(1, Math.round(((u.prompt * 100 + u.completion * 400) * 15) / 1000));
}

interface Target {
  readonly label: string;
  readonly type: number;
  readonly model: string;
  readonly key: string;
  /** The upstream path of a call. */
  readonly path: RegExp;
  /** The quota of a call with these tokens, by the formula the channel's usage is settled with. */
  quota(tokens: { prompt: number; completion: number }): number;
  /** The conversation the upstream was sent, as role and text (or tool) lines. */
  turns(body: Body): string[];
}

const DEEPSEEK: Target = {
  label: 'DeepSeek (chat completions only)',
  type: 43,
  model: 'ds-test',
  key: 'sk-deepseek',
  path: /\/chat\/completions$/,
  quota: openAIQuota,
  turns: (body) =>
    (body['messages'] as Body[]).map((m) => {
      if (m['tool_calls']) return `${m['role']}: call ${m['tool_calls'].map((c: Body) => `${c.function.name}(${c.function.arguments})`).join(',')}`;
      if (m['role'] === 'tool') return `tool: ${m['content']}`;
      return `${m['role']}: ${typeof m['content'] === 'string' ? m['content'] : JSON.stringify(m['content'])}`;
    }),
};

const CLAUDE: Target = {
  label: 'Claude',
  type: 14,
  model: 'claude-test',
  key: 'sk-ant-1',
  path: /^\/v1\/messages$/,
  // Claude's usage is settled with Claude's formula (trunc, not round).
  quota: ({ prompt, completion }) => claudeQuota({ input: prompt, output: completion }, RATIOS),
  turns: (body) => [
    ...(body['system'] ? [`system: ${body['system']}`] : []),
    ...(body['messages'] as Body[]).flatMap((m) =>
      (m['content'] as Body[]).map((block) => {
        if (block['type'] === 'tool_use') return `${m['role']}: call ${block['name']}(${JSON.stringify(block['input'])})`;
        if (block['type'] === 'tool_result') return `tool: ${block['content'][0].text}`;
        return `${m['role']}: ${block['text']}`;
      }),
    ),
  ],
};

const GEMINI: Target = {
  label: 'Gemini',
  type: 24,
  model: 'gemini-test',
  key: 'AIzaFakeGeminiKey',
  path: /^\/v1beta\/models\/gemini-test:(generateContent|streamGenerateContent)$/,
  quota: openAIQuota,
  turns: (body) => [
    ...(body['systemInstruction'] ? [`system: ${body['systemInstruction'].parts[0].text}`] : []),
    ...(body['contents'] as Body[]).flatMap((c) =>
      (c['parts'] as Body[]).map((part) => {
        const role = c['role'] === 'model' ? 'assistant' : 'user';
        if (part['functionCall']) return `${role}: call ${part['functionCall'].name}(${JSON.stringify(part['functionCall'].args)})`;
        if (part['functionResponse']) return `tool: ${JSON.stringify(part['functionResponse'].response)}`;
        return `${role}: ${part['text']}`;
      }),
    ),
  ],
};

const TARGETS = [DEEPSEEK, CLAUDE, GEMINI];

const WEATHER: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  strict: true,
};

describe('OpenAI SDK Responses API → channels without it (translated through chat completions)', () => {
  let stack: RelayStack;

  const client = (user: User) => stack.openai(user.apiKey);
  const freshUser = () => stack.userWithToken(INITIAL);
  const onlyCall = (): FakeRequest => {
    expect(stack.fake.requests).toHaveLength(1);
    return stack.fake.requests[0]!;
  };
  const sentinel = (user: User, target: Target) => async () => {
    const { response } = await client(user).responses.create({ model: target.model, input: 'Say hello.' }).withResponse();
    return response.headers.get('x-request-id');
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    const models = TARGETS.map((target) => target.model);
    const each = (value: number) => JSON.stringify(Object.fromEntries(models.map((model) => [model, value])));
    await stack.setOptions({
      ModelRatio: each(RATIOS.modelRatio),
      CompletionRatio: each(RATIOS.completionRatio),
      CacheRatio: each(RATIOS.cacheRatio),
      RetryTimes: '0',
    });
    for (const target of TARGETS) {
      await stack.seedChannel({ type: target.type, baseUrl: stack.fake.url, key: target.key, models: [target.model], autoBan: false });
    }
    const probe = await freshUser();
    await stack.waitForModels(probe.apiKey, models);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe.each(TARGETS)('to a $label channel', (target) => {
    it('creates a response: instructions and input sent as a chat, the answer as a Response with output_text and usage; exact quota', async () => {
      const me = await freshUser();
      stack.fake.program({ model: target.model }, { promptTokens: 25 }, { times: 1 });
      const { data: response, response: http } = await client(me)
        .responses.create({ model: target.model, instructions: 'Be brief.', input: 'Say hello.', max_output_tokens: 300, temperature: 0.5, store: true })
        .withResponse();

      expect(response).toMatchObject({
        id: expect.stringMatching(/^resp_/),
        object: 'response',
        status: 'completed',
        model: target.model,
        instructions: 'Be brief.',
        max_output_tokens: 300,
        temperature: 0.5,
        store: false,
        previous_response_id: null,
        error: null,
        incomplete_details: null,
        output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: DEFAULT_TEXT, annotations: [] }] }],
        usage: { input_tokens: 25, output_tokens: DEFAULT_COMPLETION, total_tokens: 25 + DEFAULT_COMPLETION, input_tokens_details: { cached_tokens: 0 } },
      });
      expect(response.output_text).toBe(DEFAULT_TEXT);

      const call = onlyCall();
      expect(call).toMatchObject({ apiKey: target.key, stream: false });
      expect(call.path).toMatch(target.path);
      expect(target.turns(call.body as Body)).toEqual(['system: Be brief.', 'user: Say hello.']);

      const [log] = await stack.waitForLogs(me.userId, 1);
      expect(log).toMatchObject({
        requestId: http.headers.get('x-request-id'),
        model: target.model,
        promptTokens: 25,
        completionTokens: DEFAULT_COMPLETION,
        quota: target.quota({ prompt: 25, completion: DEFAULT_COMPLETION }),
        isStream: false,
      });
    });

    it('streams a response: the Responses events in order, numbered, and finalResponse(); the stream’s usage billed', async () => {
      const me = await freshUser();
      // The fake reports usage whether or not it was asked (DeepSeek is asked, Claude's stream always carries it).
      stack.fake.program({ model: target.model }, { promptTokens: 13, usage: 'always' }, { times: 1 });
      const stream = client(me).responses.stream({ model: target.model, input: 'Say hello.' });
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const final = await stream.finalResponse();

      const types = events.map((event) => event.type);
      const deltas = types.filter((type) => type === 'response.output_text.delta').length;
      expect(deltas).toBeGreaterThan(0);
      expect(types).toEqual([
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
        ...Array<string>(deltas).fill('response.output_text.delta'),
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.completed',
      ]);
      expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
      expect(final.output_text).toBe(DEFAULT_TEXT);
      expect(final).toMatchObject({ status: 'completed', model: target.model, usage: { input_tokens: 13, output_tokens: DEFAULT_COMPLETION } });
      expect(final.id).toBe((events[0] as OpenAI.Responses.ResponseCreatedEvent).response.id);

      const call = onlyCall();
      expect(call.stream).toBe(true);
      expect(call.path).toMatch(target.path);
      const [log] = await stack.waitForLogs(me.userId, 1);
      expect(log).toMatchObject({ promptTokens: 13, completionTokens: DEFAULT_COMPLETION, quota: target.quota({ prompt: 13, completion: DEFAULT_COMPLETION }), isStream: true });
    });

    it('calls a function, and takes the call and its output back as input without previous_response_id', async () => {
      const me = await freshUser();
      stack.fake.program({ model: target.model }, { promptTokens: 30, completionTokens: 9, toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] }, { times: 1 });
      const first = await client(me).responses.create({ model: target.model, input: 'Weather in Oslo?', tools: [WEATHER], tool_choice: 'auto' });
      const calls = first.output.filter((item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call');
      expect(calls).toEqual([
        { id: expect.stringMatching(/^fc_/), type: 'function_call', call_id: expect.any(String), name: 'get_weather', arguments: '{"city":"Oslo"}', status: 'completed' },
      ]);
      expect(first.tools).toEqual([WEATHER]);
      const offered = onlyCall().body as Body;
      expect(JSON.stringify(offered)).toContain('get_weather');

      stack.fake.reset();
      stack.fake.program({ model: target.model }, { promptTokens: 40, completionTokens: 5, text: 'Snowy, -3°C.' }, { times: 1 });
      const input: ResponseInputItem[] = [
        { role: 'user', content: 'Weather in Oslo?' },
        ...(first.output as ResponseInputItem[]),
        { type: 'function_call_output', call_id: calls[0]!.call_id, output: '{"temp":-3}' },
      ];
      const second = await client(me).responses.create({ model: target.model, input, tools: [WEATHER] });
      expect(second.output_text).toBe('Snowy, -3°C.');
      expect(target.turns(onlyCall().body as Body)).toEqual([
        'user: Weather in Oslo?',
        'assistant: call get_weather({"city":"Oslo"})',
        'tool: {"temp":-3}',
      ]);

      const logs = await stack.waitForLogs(me.userId, 2);
      expect(logs.map((log) => log.quota)).toEqual([target.quota({ prompt: 30, completion: 9 }), target.quota({ prompt: 40, completion: 5 })]);
    });

    it('gives reasoning as a reasoning item with its summary, the effort asked for sent upstream', async () => {
      const me = await freshUser();
      stack.fake.program({ model: target.model }, { promptTokens: 20, reasoning: 'Think it through.' }, { times: 1 });
      const response = await client(me).responses.create({ model: target.model, input: 'Say hello.', reasoning: { effort: 'high' }, max_output_tokens: 4000 });
      expect(response.output[0]).toMatchObject({ type: 'reasoning', summary: [{ type: 'summary_text', text: expect.stringContaining('Think') }] });
      expect(response.output_text).toBe(DEFAULT_TEXT);
      expect(response.reasoning).toMatchObject({ effort: 'high' });
      const sent = onlyCall().body as Body;
      if (target === DEEPSEEK) expect(sent['reasoning_effort']).toBe('high');
      if (target === CLAUDE) expect(sent['thinking']).toMatchObject({ type: 'enabled', budget_tokens: expect.any(Number) });
      if (target === GEMINI) expect(sent['generationConfig']['thinkingConfig']).toBeDefined();
    });

    it('refuses a built-in tool in OpenAI’s error shape, naming it, before any upstream call; nothing is charged', async () => {
      const me = await freshUser();
      const error = await failure(client(me).responses.create({ model: target.model, input: 'Search the web.', tools: [{ type: 'web_search' }] }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/web_search tool .*this channel cannot run built-in tools/);
      expect((error.error as Body)['param']).toBe('tools.0');
      expect(stack.fake.requests).toHaveLength(0);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me, target));
    });

    it('refuses previous_response_id clearly rather than answering without the earlier turns; nothing is charged', async () => {
      const me = await freshUser();
      const error = await failure(client(me).responses.create({ model: target.model, input: 'And then?', previous_response_id: 'resp_earlier' }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.message).toMatch(/previous_response_id .*no stored response .*send the whole conversation in input/);
      expect((error.error as Body)['param']).toBe('previous_response_id');
      expect(stack.fake.requests).toHaveLength(0);
      await expectNothingCharged(stack, me, INITIAL, sentinel(me, target));
    });
  });

  it('asks the chat channel for JSON by schema; the Gemini channel gets it as its JSON output settings', async () => {
    const me = await freshUser();
    const schema = { type: 'object', properties: { greeting: { type: 'string' } }, required: ['greeting'], additionalProperties: false };
    for (const target of [DEEPSEEK, GEMINI]) {
      stack.fake.reset();
      stack.fake.program({}, { text: '{"greeting":"hi"}' });
      const response = await client(me).responses.create({
        model: target.model,
        input: 'Greet me.',
        text: { format: { type: 'json_schema', name: 'greeting', schema, strict: true } },
      });
      expect(JSON.parse(response.output_text)).toEqual({ greeting: 'hi' });
      expect(response.text).toEqual({ format: { type: 'json_schema', name: 'greeting', schema, strict: true } });
      const sent = onlyCall().body as Body;
      if (target === DEEPSEEK) expect(sent['response_format']).toEqual({ type: 'json_schema', json_schema: { name: 'greeting', schema, strict: true } });
      else expect(sent['generationConfig']).toMatchObject({ responseMimeType: 'application/json', responseJsonSchema: schema });
    }
  });

  it('a stream cut by the output limit ends with response.incomplete, the partial answer kept', async () => {
    const me = await freshUser();
    stack.fake.program({ model: DEEPSEEK.model }, { finishReason: 'length', usage: 'always', promptTokens: 10 }, { times: 1 });
    const stream = client(me).responses.stream({ model: DEEPSEEK.model, input: 'Say hello.', max_output_tokens: 6 });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types.at(-1)).toBe('response.incomplete');
    const final = await stream.finalResponse();
    expect(final).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output_text: DEFAULT_TEXT });
    expect((onlyCall().body as Body)['max_tokens']).toBe(6);
  });

  it('an upstream error in the middle of a stream ends it with response.failed and the error event; finalResponse() rejects with it; what was delivered is charged', async () => {
    const me = await freshUser();
    stack.fake.program({ model: DEEPSEEK.model }, { streamErrorAfter: 2, error: 'server_error' }, { times: 1 });
    const stream = client(me).responses.stream({ model: DEEPSEEK.model, input: 'Say hello.' });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.failed',
      'error',
    ]);
    const failed = (events[6] as OpenAI.Responses.ResponseFailedEvent).response;
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'server_error' }, output: [{ type: 'message', status: 'incomplete', content: [{ text: 'Hello from' }] }] });
    const error = { type: 'error', code: 'upstream_error', message: expect.stringMatching(/server had an error/), param: null, sequence_number: 7 };
    expect(events[7]).toEqual(error);
    await expect(stream.finalResponse()).rejects.toEqual(error);

    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log).toMatchObject({ model: DEEPSEEK.model, isStream: true });
    expect(log!.completionTokens).toBeGreaterThan(0);
  });

  it('a stream the upstream cuts ends with response.failed and the interrupted-stream error event; the delivered part is charged', async () => {
    const me = await freshUser();
    stack.fake.program({ model: CLAUDE.model }, { disconnectAfter: 3 }, { times: 1 });
    const stream = client(me).responses.stream({ model: CLAUDE.model, input: 'Say hello.' });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.slice(-2).map((event) => event.type)).toEqual(['response.failed', 'error']);
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'upstream_stream_interrupted', message: 'the upstream stream ended before the answer was complete' });
    expect(events.filter((event) => event.type === 'response.output_text.delta').length).toBeGreaterThan(0);
    await expect(stream.finalResponse()).rejects.toMatchObject({ type: 'error' });
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log).toMatchObject({ model: CLAUDE.model, isStream: true });
    expect(log!.quota).toBeGreaterThan(0);
  });
});
