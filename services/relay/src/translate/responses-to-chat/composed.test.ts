import type { WireEvent } from '../../protocols/stream-events';
import { DEFAULT_CLAUDE_SETTINGS } from '../../providers/anthropic/claude-request';
import { composeTranslators } from '../compose';
import { openAIToAnthropic } from '../openai-to-anthropic';
import { openAIToGemini } from '../openai-to-gemini';
import { responsesToChat } from '.';
import { responsesContext } from './test-context.test-support';

/**
 * Responses clients reach Claude and Gemini channels through chat completions: the Responses
 * translation composed with the chat ones, checked end to end on the request, answer and stream.
 */

const toClaude = composeTranslators(responsesToChat, openAIToAnthropic);
const toGemini = composeTranslators(responsesToChat, openAIToGemini);
const claudeContext = (body: Record<string, unknown>) => responsesContext(body, 'claude-up', { claude: DEFAULT_CLAUDE_SETTINGS });
const names = (events: WireEvent[]) => events.map((event) => event.name);

const FOLLOW_UP = [
  { role: 'user', content: 'Weather in Oslo?' },
  { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Oslo"}' },
  { type: 'function_call_output', call_id: 'call_1', output: 'snow' },
];
const WEATHER = { type: 'function', name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true };

describe('Responses → Claude channel (through chat completions)', () => {
  it('sends instructions as the system prompt, a function round trip as tool_use and tool_result, and the limit as max_tokens', () => {
    const { json, stream } = toClaude.request(claudeContext({ instructions: 'Be brief.', input: FOLLOW_UP, tools: [WEATHER], max_output_tokens: 200, stream: true }));
    expect(stream).toBe(true);
    expect(json).toEqual({
      model: 'claude-up',
      system: 'Be brief.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Oslo' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'snow' }] }] },
      ],
      tools: [{ name: 'weather', input_schema: WEATHER.parameters }],
      max_tokens: 200,
      stream: true,
    });
  });

  it('answers a Claude message as a Response with the client’s model, Claude’s usage included', () => {
    const context = claudeContext({ input: 'hi' });
    toClaude.request(context);
    const response = toClaude.response(
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Hmm.', signature: 's' },
          { type: 'text', text: 'Hello!' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 12, output_tokens: 5, cache_read_input_tokens: 4 },
      },
      context,
    ) as Record<string, any>;
    expect(response).toMatchObject({
      object: 'response',
      model: 'gpt-client',
      status: 'completed',
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Hmm.' }] },
        { type: 'message', content: [{ type: 'output_text', text: 'Hello!' }] },
        { type: 'function_call', call_id: 'toolu_1', name: 'weather', arguments: '{"city":"Oslo"}' },
      ],
      usage: { input_tokens: 16, input_tokens_details: { cached_tokens: 4 }, output_tokens: 5, total_tokens: 21 },
    });
  });

  it('streams Claude’s events as the Responses sequence, usage from message_delta', () => {
    const context = claudeContext({ input: 'hi', stream: true });
    toClaude.request(context);
    const stream = toClaude.stream(context);
    const upstream: WireEvent[] = [
      { name: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 9, output_tokens: 0 } } } },
      { name: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
      { name: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } } },
      { name: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      { name: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 3 } } },
      { name: 'message_stop', data: { type: 'message_stop' } },
    ];
    const events = [...upstream.flatMap((event) => stream.push(event)), ...stream.end(false)];
    expect(names(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.incomplete',
    ]);
    expect((events.at(-1)!.data as Record<string, any>)['response']).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      usage: { input_tokens: 9, output_tokens: 3, total_tokens: 12 },
    });
  });

  it('ends with the Responses error event when Claude’s stream errs or is cut', () => {
    const context = claudeContext({ input: 'hi', stream: true });
    const failing = toClaude.stream(context);
    const events = failing.push({ name: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
    expect(names(events)).toEqual(['error']);
    expect(events[0]!.data).toMatchObject({ type: 'error', message: 'Overloaded', sequence_number: 0 });
    expect(failing.end(true)).toEqual([]);

    const cut = toClaude.stream(context);
    cut.push({ name: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 9, output_tokens: 0 } } } });
    expect(names(cut.end(true))).toEqual(['response.failed', 'error']);
  });
});

describe('Responses → Gemini channel (through chat completions)', () => {
  it('sends a JSON schema as Gemini’s JSON output and the reasoning effort as thinking', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
    const { json } = toGemini.request(
      responsesContext({ input: 'hi', text: { format: { type: 'json_schema', name: 'a', schema, strict: true } }, reasoning: { effort: 'low' } }, 'gemini-2.5-flash'),
    );
    expect(json).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema, thinkingConfig: expect.any(Object) },
    });
  });

  it('streams Gemini’s chunks, a function call among them, as the Responses sequence', () => {
    const context = responsesContext({ input: 'hi', stream: true }, 'gemini-2.5-flash');
    toGemini.request(context);
    const stream = toGemini.stream(context);
    const events = [
      ...stream.push({ data: { candidates: [{ index: 0, content: { role: 'model', parts: [{ text: 'Let me check.' }] } }] } }),
      ...stream.push({
        data: {
          candidates: [{ index: 0, content: { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] }, finishReason: 'STOP' }],
          usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 4, totalTokenCount: 11 },
        },
      }),
      ...stream.end(false),
    ];
    expect(names(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect((events.at(-1)!.data as Record<string, any>)['response']).toMatchObject({
      output: [{ type: 'message' }, { type: 'function_call', name: 'weather', arguments: '{"city":"Oslo"}' }],
      usage: { input_tokens: 7, output_tokens: 4, total_tokens: 11 },
    });
  });
});
