import { DONE, type WireEvent } from '../../protocols/stream-events';
import { responsesToChat } from '.';
import { responsesContext as context } from './test-context.test-support';

describe('Responses → chat completions: the stream', () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    data: { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'chat-up', choices: [{ index: 0, delta, finish_reason: finish }] },
  });
  const usageChunk = { data: { id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } } };
  const run = (events: WireEvent[], body: Record<string, unknown> = { input: 'hi', stream: true }, interrupted?: boolean): WireEvent[] => {
    const stream = responsesToChat.stream(context(body));
    const out = events.flatMap((event) => stream.push(event));
    return [...out, ...stream.end(interrupted ?? false)];
  };
  const names = (events: WireEvent[]) => events.map((event) => event.name);
  const data = (events: WireEvent[], name: string) => events.filter((event) => event.name === name).map((event) => event.data as Record<string, any>);

  it('tells a text answer in the Responses order, numbered, ending with the whole response and its usage', () => {
    const events = run([chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hel' }), chunk({ content: 'lo' }), chunk({}, 'stop'), usageChunk, { data: DONE }]);
    expect(names(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((event) => (event.data as { sequence_number: number }).sequence_number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const event of events) expect((event.data as { type: string }).type).toBe(event.name);
    expect(data(events, 'response.created')[0]!.response).toMatchObject({ status: 'in_progress', output: [], model: 'gpt-client' });
    expect(data(events, 'response.output_text.done')[0]).toMatchObject({ text: 'Hello', output_index: 0, content_index: 0 });
    const completed = data(events, 'response.completed')[0]!.response;
    expect(completed).toMatchObject({
      status: 'completed',
      output: [{ type: 'message', status: 'completed', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] }],
      usage: { input_tokens: 9, output_tokens: 4, total_tokens: 13, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
    });
    expect(completed.id).toBe(data(events, 'response.created')[0]!.response.id);
  });

  it('streams reasoning as a summary, then text, then a tool call whose arguments arrive over chunks', () => {
    const events = run([
      chunk({ role: 'assistant', reasoning_content: 'Think' }),
      chunk({ reasoning_content: 'ing' }),
      chunk({ content: 'Checking.' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { name: 'time', arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
      usageChunk,
      { data: DONE },
    ]);
    expect(names(events)).toEqual([
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
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(data(events, 'response.reasoning_summary_text.done')[0]).toMatchObject({ text: 'Thinking', summary_index: 0, output_index: 0 });
    expect(data(events, 'response.function_call_arguments.done')).toEqual([
      expect.objectContaining({ output_index: 2, name: 'weather', arguments: '{"city":"Oslo"}' }),
      expect.objectContaining({ output_index: 3, name: 'time', arguments: '{}' }),
    ]);
    const added = data(events, 'response.output_item.added').map((event) => event.item);
    expect(added[2]).toMatchObject({ type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '', status: 'in_progress' });
    expect(data(events, 'response.completed')[0]!.response.output).toEqual([
      { id: expect.stringMatching(/^rs_/), type: 'reasoning', summary: [{ type: 'summary_text', text: 'Thinking' }], status: 'completed' },
      { id: expect.stringMatching(/^msg_/), type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Checking.', annotations: [], logprobs: [] }] },
      { id: expect.stringMatching(/^fc_/), type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Oslo"}', status: 'completed' },
      { id: expect.stringMatching(/^fc_/), type: 'function_call', call_id: 'call_2', name: 'time', arguments: '{}', status: 'completed' },
    ]);
  });

  it('streams a refusal as a message with a refusal part', () => {
    const events = run([chunk({ role: 'assistant', refusal: 'I can' }), chunk({ refusal: 'not.' }), chunk({}, 'stop'), { data: DONE }]);
    expect(names(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.refusal.delta',
      'response.refusal.delta',
      'response.refusal.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(data(events, 'response.refusal.done')[0]).toMatchObject({ refusal: 'I cannot.', content_index: 0 });
    expect(data(events, 'response.completed')[0]!.response.output).toEqual([
      { id: expect.stringMatching(/^msg_/), type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'I cannot.' }] },
    ]);
  });

  it('tells an empty answer as one message with empty text, as the whole answer does', () => {
    const events = run([chunk({ role: 'assistant', content: '' }), chunk({}, 'stop'), usageChunk, { data: DONE }]);
    expect(names(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(data(events, 'response.completed')[0]!.response.output).toMatchObject([{ type: 'message', content: [{ type: 'output_text', text: '' }] }]);
  });

  it('ends a stream cut by the output limit with response.incomplete', () => {
    const events = run([chunk({ content: 'Cut sho' }), chunk({}, 'length'), usageChunk, { data: DONE }]);
    expect(names(events).slice(-2)).toEqual(['response.output_item.done', 'response.incomplete']);
    const response = data(events, 'response.incomplete')[0]!.response;
    expect(response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [{ status: 'incomplete' }] });
  });

  it('closes a stream that ended without [DONE], counting the usage when the channel sent none', () => {
    const events = run([chunk({ content: 'Hello there' }), chunk({}, 'stop')]);
    const response = data(events, 'response.completed')[0]!.response;
    expect(response.usage).toMatchObject({ input_tokens: 11 });
    expect(response.usage.output_tokens).toBeGreaterThan(0);
  });

  it('ends a cut stream with response.failed and the error event', () => {
    const events = run([chunk({ content: 'Hel' })], undefined, true);
    expect(names(events).slice(-2)).toEqual(['response.failed', 'error']);
    expect(data(events, 'response.failed')[0]!.response).toMatchObject({
      status: 'failed',
      error: { code: 'server_error', message: 'the upstream stream ended before the answer was complete' },
      output: [{ type: 'message', status: 'incomplete', content: [{ type: 'output_text', text: 'Hel' }] }],
    });
    const error = data(events, 'error')[0]!;
    expect(error).toEqual({
      type: 'error',
      code: 'upstream_stream_interrupted',
      message: 'the upstream stream ended before the answer was complete',
      param: null,
      sequence_number: events.length - 1,
    });
  });

  it('turns an error chunk before anything else into the error event alone', () => {
    const stream = responsesToChat.stream(context({ input: 'hi', stream: true }));
    const events = stream.push({ data: { error: { message: 'overloaded', type: 'server_error', code: 'overloaded' } } });
    expect(events).toEqual([{ name: 'error', data: { type: 'error', code: 'overloaded', message: 'overloaded', param: null, sequence_number: 0 } }]);
    expect(stream.push(chunk({ content: 'late' }))).toEqual([]);
    expect(stream.end(false)).toEqual([]);
  });
});
