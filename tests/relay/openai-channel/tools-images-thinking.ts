// Anthropic SDK → OpenAI channel cases: tools (tool_choice, streamed input, the tool_result turn),
// images, and reasoning answered as thinking blocks, whole and streamed.
import Anthropic from '@anthropic-ai/sdk';
import type { RelayStack } from '../../support/relay-stack';
import { DEFAULT_PIECES, DEFAULT_TEXT, HELLO, PNG_1X1, type User } from '../anthropic-sdk-support';

/** The running stack and the helpers bound to it, read when a case runs (after `beforeAll`). */
export interface OpenAIChannelSuite {
  readonly stack: RelayStack;
  readonly user: User;
  client(apiKey?: string): Anthropic;
  freshUser(): ReturnType<RelayStack['userWithToken']>;
  /** The body of the upstream request number `index` (0-based). */
  sent(index: number): Record<string, any>;
}

export function toolImageAndThinkingCases(suite: OpenAIChannelSuite): void {
  const { client, freshUser, sent } = suite;

  describe('tools, images, thinking', () => {
    const tools: Anthropic.Tool[] = [
      {
        name: 'get_weather',
        description: 'The weather of a city.',
        input_schema: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] },
      },
    ];
    const question: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const args = '{"city":"Paris","unit":"celsius"}';

    it('streams a tool call as tool_use with input_json_delta; the SDK parses the input; the tool_result turn is translated', async () => {
      const me = await freshUser();
      suite.stack.fake.program(
        { model: 'gpt-test' },
        { toolCalls: [{ name: 'get_weather', arguments: args, id: 'call_weather1' }], promptTokens: 50, completionTokens: 20 },
        { times: 1 },
      );
      const stream = client(me.apiKey).messages.stream({
        model: 'gpt-test',
        max_tokens: 256,
        messages: question,
        tools,
        tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      });
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
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect(partials.join('')).toBe(args);
      expect(final.stop_reason).toBe('tool_use');
      expect(final.content).toEqual([{ type: 'tool_use', id: 'call_weather1', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } }]);
      expect(sent(0)).toMatchObject({
        tools: [
          {
            type: 'function',
            function: { name: 'get_weather', description: 'The weather of a city.', parameters: tools[0]!.input_schema },
          },
        ],
        tool_choice: 'auto',
        parallel_tool_calls: false,
      });

      suite.stack.fake.program({ model: 'gpt-test' }, { text: 'It is 18 °C in Paris.', promptTokens: 80, completionTokens: 9 }, { times: 1 });
      const answer = await client(me.apiKey).messages.create({
        model: 'gpt-test',
        max_tokens: 256,
        tools,
        messages: [
          ...question,
          { role: 'assistant', content: final.content },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'call_weather1', content: '18 °C, sunny' },
              { type: 'text', text: 'Summarise.' },
            ],
          },
        ],
      });
      expect(answer.content).toEqual([{ type: 'text', text: 'It is 18 °C in Paris.' }]);
      expect(sent(1).messages).toEqual([
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_weather1', type: 'function', function: { name: 'get_weather', arguments: args } }],
        },
        { role: 'tool', tool_call_id: 'call_weather1', content: '18 °C, sunny' },
        { role: 'user', content: 'Summarise.' },
      ]);

      const logs = await suite.stack.waitForLogs(me.userId, 2);
      // round((50 + 20 × 4) × 1.5) = 195, then round((80 + 9 × 4) × 1.5) = 174.
      expect(logs.map((l) => [l.isStream, l.quota])).toEqual([
        [true, 195],
        [false, 174],
      ]);
    });

    it('answers a whole tool call as a tool_use block with its input parsed', async () => {
      suite.stack.fake.program({ model: 'gpt-test' }, { toolCalls: [{ name: 'get_weather', arguments: args }] }, { times: 1 });
      const message = await client().messages.create({ model: 'gpt-test', max_tokens: 64, messages: question, tools });
      expect(message.stop_reason).toBe('tool_use');
      expect(message.content).toEqual([{ type: 'tool_use', id: expect.stringMatching(/^call_/), name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } }]);
    });

    it('sends base64 and URL images as OpenAI image_url parts', async () => {
      const message = await client().messages.create({
        model: 'gpt-test',
        max_tokens: 64,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } },
              { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } },
              { type: 'text', text: 'What are these?' },
            ],
          },
        ],
      });
      expect(message.content).toEqual([{ type: 'text', text: DEFAULT_TEXT }]);
      expect(sent(0).messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
            { type: 'text', text: 'What are these?' },
          ],
        },
      ]);
    });

    it('returns reasoning_content as a thinking block, whole and streamed', async () => {
      const me = await freshUser();
      const reasoning = 'The user greets me so I greet back.';
      suite.stack.fake.program({ model: 'gpt-test' }, { reasoning, promptTokens: 10 }, { times: 2 });
      const whole = await client(me.apiKey).messages.create({ model: 'gpt-test', max_tokens: 256, messages: HELLO });
      expect(whole.content).toEqual([
        { type: 'thinking', thinking: reasoning, signature: '' },
        { type: 'text', text: DEFAULT_TEXT },
      ]);

      const stream = client(me.apiKey).messages.stream({ model: 'gpt-test', max_tokens: 256, messages: HELLO });
      const events: string[] = [];
      const thoughts: string[] = [];
      stream.on('streamEvent', (event) => {
        events.push(event.type === 'content_block_delta' ? `${event.type}:${event.delta.type}` : event.type);
      });
      stream.on('thinking', (delta) => thoughts.push(delta));
      const final = await stream.finalMessage();
      expect(events).toEqual([
        'message_start',
        'content_block_start',
        ...Array(8).fill('content_block_delta:thinking_delta'),
        'content_block_delta:signature_delta',
        'content_block_stop',
        'content_block_start',
        ...DEFAULT_PIECES.map(() => 'content_block_delta:text_delta'),
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect(thoughts.join('')).toBe(reasoning);
      expect(final.content).toEqual(whole.content);

      // The reasoning counts as completion: 8 words + 6 chunks = 14: round((10 + 14 × 4) × 1.5) = 99.
      const logs = await suite.stack.waitForLogs(me.userId, 2);
      expect(logs.map((l) => [l.completionTokens, l.quota])).toEqual([
        [14, 99],
        [14, 99],
      ]);
    });

    it('asks a reasoning model for the effort the thinking budget stands for; thinking blocks sent back are dropped', async () => {
      await client().messages.create({
        model: 'o3-test',
        max_tokens: 4000,
        thinking: { type: 'enabled', budget_tokens: 3000 },
        system: 'Be brief.',
        messages: [
          ...HELLO,
          { role: 'assistant', content: [{ type: 'thinking', thinking: 'Greet.', signature: '' }, { type: 'text', text: 'Hello!' }] },
          { role: 'user', content: 'Again.' },
        ],
      });
      expect(sent(0)).toEqual({
        model: 'o3-test',
        // o3 wants a developer message, max_completion_tokens and no max_tokens.
        messages: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: 'Say hello.' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'user', content: 'Again.' },
        ],
        max_completion_tokens: 4000,
        reasoning_effort: 'high',
      });
    });
  });
}
