// Anthropic SDK → Claude channel cases: streamed messages in the SDK's event order, cut and
// abandoned streams, tools with streamed input, images and thinking, each with its exact quota.
import Anthropic, {
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { eventually } from '../../support/relay-fixtures';
import {
  collect,
  DEFAULT_PIECES,
  DEFAULT_TEXT,
  eventShape,
  failure,
  HELLO,
  PNG_1X1,
} from '../anthropic-sdk-support';
import { CLAUDE_LOG_OTHER, type ClaudeChannelSuite, sonnetQuota } from './suite';

export function streamToolAndThinkingCases(suite: ClaudeChannelSuite): void {
  const { client, freshUser, sent } = suite;

  describe('streaming', () => {
    it('streams the events in Anthropic’s order (ping skipped by the SDK); finalMessage() assembles them', async () => {
      const me = await freshUser();
      suite.stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 12 }, { times: 2 });
      const { data: stream, response } = await client(me.apiKey)
        .messages.create({ model: 'sonnet-test', max_tokens: 64, messages: HELLO, stream: true })
        .withResponse();
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = await collect(stream);
      expect(eventShape(events)).toEqual([
        'message_start',
        'content_block_start',
        ...DEFAULT_PIECES.map(() => 'content_block_delta:text_delta'),
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect(events[0]).toMatchObject({ type: 'message_start', message: { usage: { input_tokens: 12 } } });
      expect(events[1]).toMatchObject({ index: 0, content_block: { type: 'text', text: '' } });
      expect(events.slice(2, 8).map((e) => (e as Anthropic.RawContentBlockDeltaEvent).delta)).toEqual(
        DEFAULT_PIECES.map((text) => ({ type: 'text_delta', text })),
      );
      expect(events.at(-2)).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 6 } });
      expect(suite.stack.fake.requests[0]!.headers['accept']).toBe('text/event-stream');

      const texts: string[] = [];
      const helper = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      helper.on('text', (delta) => texts.push(delta));
      const final = await helper.finalMessage();
      expect(texts).toEqual(DEFAULT_PIECES);
      expect(final).toMatchObject({
        role: 'assistant',
        content: [{ type: 'text', text: DEFAULT_TEXT }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 12, output_tokens: 6 },
      });

      const logs = await suite.stack.waitForLogs(me.userId, 2);
      expect(logs[0]!.requestId).toBe(response.headers.get('x-request-id'));
      // trunc((12 + 6 × 5) × 2) = 84, each.
      expect(logs.map((l) => [l.promptTokens, l.completionTokens, l.quota, l.isStream])).toEqual([
        [12, 6, 84, true],
        [12, 6, 84, true],
      ]);
      expect(logs[0]!.other).toMatchObject({ ...CLAUDE_LOG_OTHER, cache_tokens: 0 });
    });

    it('a mid-stream upstream error reaches the SDK as the stream’s error event; what was delivered is charged', async () => {
      const me = await freshUser();
      suite.stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 40, streamErrorAfter: 2 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => texts.push(delta));
      const error = await failure(stream.finalMessage());
      expect(error).toBeInstanceOf(APIError);
      expect(error.type).toBe('overloaded_error');
      expect(error.error).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
      expect(texts).toEqual(['Hello', ' from']);

      const [log] = await suite.stack.waitForLogs(me.userId, 1);
      // The input from message_start (40) and the two words delivered, counted locally (2):
      // trunc((40 + 2 × 5) × 2) = 100.
      expect(log).toMatchObject({ promptTokens: 40, completionTokens: 2, quota: 100, isStream: true });
    });

    it('a stream the upstream cuts is charged the input of message_start and the delivered text', async () => {
      const me = await freshUser();
      suite.stack.fake.program({ model: 'sonnet-test' }, { promptTokens: 40, cachedTokens: 100, disconnectAfter: 3 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => texts.push(delta));
      const error = await failure(stream.finalMessage());
      // No message_stop came: the gateway ends the stream with an error event, which the SDK raises.
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).error).toEqual({
        type: 'error',
        error: { type: 'api_error', message: 'the upstream stream ended before the answer was complete' },
      });
      expect(texts).toEqual(['Hello', ' from', ' the']);
      expect(suite.stack.fake.requests[0]!.outcome).toBe('cut');

      const [log] = await suite.stack.waitForLogs(me.userId, 1);
      // trunc((40 + 100 × 0.1 + 3 × 5) × 2) = 130: "Hello from the" is 3 tokens.
      expect(sonnetQuota({ input: 40, read: 100, output: 3 })).toBe(130);
      expect(log).toMatchObject({ promptTokens: 40, completionTokens: 3, quota: 130, isStream: true });
      expect(log!.other).toMatchObject({ claude: true, cache_tokens: 100 });
    });

    it('a client that aborts mid-stream aborts the upstream call and pays for what it received', async () => {
      const me = await freshUser();
      const text = 'one two three four five six seven eight';
      suite.stack.fake.program({ model: 'sonnet-test' }, { text, promptTokens: 20, chunkDelayMs: 400 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 64, messages: HELLO });
      const texts: string[] = [];
      stream.on('text', (delta) => {
        texts.push(delta);
        if (texts.length === 2) stream.abort();
      });
      expect(await failure(stream.done())).toBeInstanceOf(APIUserAbortError);
      expect(texts).toEqual(['one', ' two']);
      expect(await eventually(() => suite.stack.fake.requests[0]!.outcome === 'client-aborted', 3_000)).toBe(true);
      expect(suite.stack.fake.requests[0]!.chunksSent).toBeLessThan(8);

      const [log] = await suite.stack.waitForLogs(me.userId, 1);
      // Input 20 from message_start, "one two" (2 tokens) delivered: trunc((20 + 2 × 5) × 2) = 60.
      expect(log).toMatchObject({ promptTokens: 20, completionTokens: 2, quota: 60, isStream: true });
    });
  });

  describe('tools, images, thinking', () => {
    const tools: Anthropic.Tool[] = [
      {
        name: 'get_weather',
        description: 'The weather of a city.',
        input_schema: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] },
      },
    ];
    const question: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];

    it('streams a tool call’s input as input_json_delta; the SDK parses it; the tool_result turn goes through', async () => {
      const me = await freshUser();
      const args = '{"city":"Paris","unit":"celsius"}';
      suite.stack.fake.program({ model: 'sonnet-test' }, { toolCalls: [{ name: 'get_weather', arguments: args }], promptTokens: 50, completionTokens: 20 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 256, messages: question, tools });
      const events: string[] = [];
      const partials: string[] = [];
      stream.on('streamEvent', (event) => {
        events.push(event.type === 'content_block_delta' ? `${event.type}:${event.delta.type}` : event.type);
        if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') partials.push(event.delta.partial_json);
      });
      const final = await stream.finalMessage();
      expect(events).toEqual([
        'message_start',
        'content_block_start',
        'content_block_delta:input_json_delta',
        'content_block_delta:input_json_delta',
        'content_block_delta:input_json_delta',
        'content_block_delta:input_json_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect(partials.join('')).toBe(args);
      expect(final.stop_reason).toBe('tool_use');
      expect(final.content).toHaveLength(1);
      const call = final.content[0] as Anthropic.ToolUseBlock;
      expect(call).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } });
      expect(call.id).toMatch(/^toolu_/);
      expect(suite.stack.fake.requests[0]!.body).toMatchObject({ tools, stream: true });

      // The second turn: the assistant's tool call and the user's result.
      suite.stack.fake.program({ model: 'sonnet-test' }, { text: 'It is 18 °C in Paris.', promptTokens: 80, completionTokens: 9 }, { times: 1 });
      const followUp: Anthropic.MessageParam[] = [
        ...question,
        { role: 'assistant', content: final.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18 °C, sunny' }] },
      ];
      const answer = await client(me.apiKey).messages.create({ model: 'sonnet-test', max_tokens: 256, messages: followUp, tools });
      expect(answer.content).toEqual([{ type: 'text', text: 'It is 18 °C in Paris.' }]);
      expect(suite.stack.fake.requests[1]!.body).toMatchObject({
        messages: [
          question[0],
          { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18 °C, sunny' }] },
        ],
      });

      const logs = await suite.stack.waitForLogs(me.userId, 2);
      // trunc((50 + 20 × 5) × 2) = 300, then trunc((80 + 9 × 5) × 2) = 250.
      expect(logs.map((l) => [l.isStream, l.quota])).toEqual([
        [true, 300],
        [false, 250],
      ]);
    });

    it('sends base64 and URL images to the upstream as the client wrote them', async () => {
      const content: Anthropic.ContentBlockParam[] = [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } },
        { type: 'text', text: 'What are these?' },
      ];
      const message = await client().messages.create({ model: 'sonnet-test', max_tokens: 64, messages: [{ role: 'user', content }] });
      expect(message.content[0]).toMatchObject({ type: 'text' });
      expect(sent(0).messages).toEqual([{ role: 'user', content }]);
    });

    it('passes thinking blocks through: streamed thinking and signature deltas, and the block sent back intact', async () => {
      const me = await freshUser();
      const reasoning = 'The user greets me so I greet back.';
      suite.stack.fake.program({ model: 'sonnet-test' }, { reasoning, promptTokens: 10 }, { times: 2 });
      const request = {
        model: 'sonnet-test',
        max_tokens: 2048,
        thinking: { type: 'enabled' as const, budget_tokens: 1024 },
        messages: HELLO,
      };
      const stream = client(me.apiKey).messages.stream(request);
      const thoughts: string[] = [];
      stream.on('thinking', (delta) => thoughts.push(delta));
      const final = await stream.finalMessage();
      expect(thoughts.join('')).toBe(reasoning);
      expect(final.content.map((b) => b.type)).toEqual(['thinking', 'text']);
      const thinking = final.content[0] as Anthropic.ThinkingBlock;
      expect(thinking.thinking).toBe(reasoning);
      expect(thinking.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(sent(0).thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });

      const whole = await client(me.apiKey).messages.create(request);
      expect(whole.content).toEqual([thinking, { type: 'text', text: DEFAULT_TEXT }]);

      const next = await client(me.apiKey).messages.create({
        ...request,
        messages: [...HELLO, { role: 'assistant', content: whole.content }, { role: 'user', content: 'And again.' }],
      });
      expect(next.content.at(-1)).toMatchObject({ type: 'text' });
      expect(sent(2).messages[1]).toEqual({ role: 'assistant', content: [thinking, { type: 'text', text: DEFAULT_TEXT }] });

      // Output: 8 thinking words + the signature + 6 text chunks = 15 tokens: trunc((10 + 15 × 5) × 2) = 170.
      const logs = await suite.stack.waitForLogs(me.userId, 3);
      expect(logs.slice(0, 2).map((l) => [l.isStream, l.completionTokens, l.quota])).toEqual([
        [true, 15, 170],
        [false, 15, 170],
      ]);
    });
  });
}
