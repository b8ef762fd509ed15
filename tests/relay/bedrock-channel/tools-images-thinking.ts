// Anthropic SDK → Claude on Bedrock cases: tools, images and thinking through InvokeModel, whole
// and streamed over the AWS event stream.
import Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_TEXT, HELLO, PNG_1X1 } from '../anthropic-sdk-support';
import { type BedrockChannelSuite, MODEL_ID } from './suite';

export function toolImageAndThinkingCases(suite: BedrockChannelSuite): void {
  const { client, freshUser, sent } = suite;

  describe('tools, images, thinking', () => {
    const tools: Anthropic.Tool[] = [
      {
        name: 'get_weather',
        description: 'The weather of a city.',
        input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ];
    const question: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];

    it('streams a tool call’s input as input_json_delta; the SDK parses it; the tool_result turn goes to Bedrock', async () => {
      const me = await freshUser();
      const args = '{"city":"Paris"}';
      suite.stack.fake.program({ model: MODEL_ID }, { toolCalls: [{ name: 'get_weather', arguments: args }], promptTokens: 50, completionTokens: 20 }, { times: 1 });
      const stream = client(me.apiKey).messages.stream({ model: 'bedrock-sonnet', max_tokens: 256, messages: question, tools });
      const partials: string[] = [];
      stream.on('streamEvent', (event) => {
        if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') partials.push(event.delta.partial_json);
      });
      const final = await stream.finalMessage();
      expect(partials).toEqual(['', ...partials.slice(1)]);
      expect(partials.join('')).toBe(args);
      expect(final.stop_reason).toBe('tool_use');
      const call = final.content[0] as Anthropic.ToolUseBlock;
      expect(final.content).toEqual([{ type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'get_weather', input: { city: 'Paris' } }]);
      expect(sent(0)).toMatchObject({ tools, messages: question });

      suite.stack.fake.program({ model: MODEL_ID }, { text: 'Sunny, 18 °C.', promptTokens: 80, completionTokens: 9 }, { times: 1 });
      const turn: Anthropic.MessageParam[] = [
        ...question,
        { role: 'assistant', content: final.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: [{ type: 'text', text: '18 °C, sunny' }] }] },
      ];
      const answer = await client(me.apiKey).messages.create({ model: 'bedrock-sonnet', max_tokens: 256, messages: turn, tools });
      expect(answer.content).toEqual([{ type: 'text', text: 'Sunny, 18 °C.' }]);
      expect(sent(1).messages).toEqual([
        question[0],
        { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: 'get_weather', input: { city: 'Paris' } }] },
        turn[2],
      ]);

      const logs = await suite.stack.waitForLogs(me.userId, 2);
      // trunc((50 + 20 × 5) × 2) = 300, then trunc((80 + 9 × 5) × 2) = 250.
      expect(logs.map((l) => [l.isStream, l.quota])).toEqual([
        [true, 300],
        [false, 250],
      ]);
    });

    it('sends a base64 image in Bedrock’s (Anthropic’s) block, as the client wrote it', async () => {
      const content: Anthropic.ContentBlockParam[] = [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } },
        { type: 'text', text: 'What is this?' },
      ];
      await client().messages.create({ model: 'bedrock-sonnet', max_tokens: 64, messages: [{ role: 'user', content }] });
      expect(sent(0).messages).toEqual([{ role: 'user', content }]);
    });

    it('passes thinking through: thinking and signature deltas streamed, the block whole', async () => {
      const reasoning = 'A greeting deserves a greeting.';
      suite.stack.fake.program({ model: MODEL_ID }, { reasoning }, { times: 2 });
      const request = {
        model: 'bedrock-sonnet',
        max_tokens: 2048,
        thinking: { type: 'enabled' as const, budget_tokens: 1024 },
        messages: HELLO,
      };
      const stream = client().messages.stream(request);
      const thoughts: string[] = [];
      let signature = '';
      stream.on('thinking', (delta) => thoughts.push(delta));
      stream.on('signature', (value) => (signature = value));
      const final = await stream.finalMessage();
      expect(thoughts.join('')).toBe(reasoning);
      expect(signature).not.toBe('');
      expect(final.content).toEqual([
        { type: 'thinking', thinking: reasoning, signature },
        { type: 'text', text: DEFAULT_TEXT },
      ]);
      const whole = await client().messages.create(request);
      expect(whole.content).toEqual(final.content);
      expect(sent(0).thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    });
  });
}
