import OpenAI, { APIError } from 'openai';
import { type FakeUpstream, startFakeUpstream } from './server';
import { chat, post, sseEvents } from './test-helpers.test-support';

type Json = Record<string, any>;

const WEATHER = { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' };
const TIME = { name: 'get_time', arguments: '{"zone":"Europe/Paris"}', id: 'call_time_1' };
const TOOLS: OpenAI.ChatCompletionTool[] = [WEATHER, TIME].map((t) => ({
  type: 'function',
  function: { name: t.name, parameters: { type: 'object', properties: {} } },
}));
const MESSAGES: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather and time in Paris?' }];

describe('fake upstream: OpenAI tool calls, reasoning and mid-stream errors, through the official SDK', () => {
  let fake: FakeUpstream;
  let openai: OpenAI;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    openai = new OpenAI({ apiKey: 'sk-openai-test', baseURL: `${fake.url}/v1`, maxRetries: 0 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('answers programmed tool calls with finish_reason tool_calls and no content', async () => {
    fake.program({}, { toolCalls: [WEATHER, TIME] });
    const completion = await openai.chat.completions.create({ model: 'gpt-4o', messages: MESSAGES, tools: TOOLS });
    const [choice] = completion.choices;
    expect(choice!.finish_reason).toBe('tool_calls');
    expect(choice!.message.content).toBeNull();
    expect(choice!.message.tool_calls).toEqual([
      { id: expect.stringMatching(/^call_/), type: 'function', function: WEATHER },
      { id: 'call_time_1', type: 'function', function: { name: TIME.name, arguments: TIME.arguments } },
    ]);
    expect(completion.usage!.completion_tokens).toBe(6); // three argument pieces per call
  });

  it('keeps a programmed text and finish reason next to the tool calls', async () => {
    fake.program({}, { toolCalls: [WEATHER], text: 'Let me check.', finishReason: 'stop' });
    const { choices } = await openai.chat.completions.create({ model: 'gpt-4o', messages: MESSAGES, tools: TOOLS });
    expect(choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'Let me check.' } });
    expect(choices[0]!.message.tool_calls).toHaveLength(1);
  });

  it('streams each tool call as OpenAI does, and the stream helper assembles the arguments', async () => {
    fake.program({}, { toolCalls: [WEATHER, TIME] });
    const raw = await post(fake, '/v1/chat/completions', chat('gpt-4o', { stream: true, tools: TOOLS }));
    const { chunks, done } = sseEvents(await raw.text());
    expect(done).toBe(true);
    const deltas = chunks.map((c) => (c as Json).choices[0].delta);
    expect(deltas[0]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '' } }],
    });
    expect(deltas.slice(1, 4).map((d) => d.tool_calls[0].function.arguments).join('')).toBe(WEATHER.arguments);
    expect(deltas[1].tool_calls[0]).toEqual({ index: 0, function: { arguments: expect.any(String) } });
    expect(deltas[4].tool_calls[0]).toMatchObject({ index: 1, id: 'call_time_1', function: { name: 'get_time' } });
    expect((chunks[chunks.length - 1] as Json).choices[0].finish_reason).toBe('tool_calls');

    const stream = openai.chat.completions.stream({ model: 'gpt-4o', messages: MESSAGES, tools: TOOLS });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(final.choices[0]!.message.tool_calls!.map((c) => (c.type === 'function' ? c.function : undefined))).toEqual([
      { name: WEATHER.name, arguments: WEATHER.arguments },
      { name: TIME.name, arguments: TIME.arguments },
    ]);
  });

  it('takes tool calls and reasoning from x-fake-* headers too', async () => {
    const res = await post(fake, '/v1/chat/completions', chat(), {
      'x-fake-tool-calls': JSON.stringify([WEATHER]),
      'x-fake-reasoning': 'Use the tool.',
    });
    const { choices } = (await res.json()) as Json;
    expect(choices[0].message).toMatchObject({ content: null, reasoning_content: 'Use the tool.', tool_calls: [{ function: WEATHER }] });
  });

  it('answers reasoning_content and reports reasoning tokens', async () => {
    fake.program({}, { reasoning: 'The user greets me, so I greet back.' });
    const completion = await openai.chat.completions.create({ model: 'deepseek-reasoner', messages: MESSAGES });
    const message = completion.choices[0]!.message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
    expect(message.reasoning_content).toBe('The user greets me, so I greet back.');
    expect(message.content).toBe('Hello from the fake upstream.');
    expect(completion.usage).toMatchObject({ completion_tokens: 14, completion_tokens_details: { reasoning_tokens: 8 } });
  });

  it('streams reasoning_content before the content', async () => {
    fake.program({}, { reasoning: 'Think first.', text: 'Answer.' });
    const stream = await openai.chat.completions.create({
      model: 'deepseek-reasoner',
      messages: MESSAGES,
      stream: true,
      stream_options: { include_usage: true },
    });
    const seen: string[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { reasoning_content?: string; content?: string | null } | undefined;
      if (delta?.reasoning_content) seen.push(`reasoning:${delta.reasoning_content}`);
      if (delta?.content) seen.push(`content:${delta.content}`);
      usage = chunk.usage ?? usage;
    }
    expect(seen).toEqual(['reasoning:Think', 'reasoning: first.', 'content:Answer.']);
    expect(usage).toMatchObject({ completion_tokens: 3, completion_tokens_details: { reasoning_tokens: 2 } });
  });

  it('sends an error event after streamErrorAfter chunks, without [DONE]', async () => {
    const raw = await post(fake, '/v1/chat/completions', chat('gpt-4o', { stream: true }), {
      'x-fake-stream-error-after': '2',
    });
    expect(raw.status).toBe(200);
    const { chunks, done } = sseEvents(await raw.text());
    expect(done).toBe(false);
    expect(chunks).toHaveLength(3);
    expect(chunks[2]).toEqual({ error: expect.objectContaining({ type: 'server_error', code: null }) });

    fake.program({}, { streamErrorAfter: 1, error: 'rate_limit' });
    const stream = await openai.chat.completions.create({ model: 'gpt-4o', messages: MESSAGES, stream: true });
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const chunk of stream) texts.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((error: unknown) => error);
    expect(texts).toEqual(['Hello']);
    expect(failure).toBeInstanceOf(APIError);
    expect((failure as APIError).message).toMatch(/Rate limit reached/);
  });

  it('answers the error whole when streamErrorAfter is set on a request that does not stream', async () => {
    fake.program({}, { streamErrorAfter: 1, error: 'overloaded' });
    await expect(openai.chat.completions.create({ model: 'gpt-4o', messages: MESSAGES })).rejects.toMatchObject({
      status: 503,
    });
  });
});
