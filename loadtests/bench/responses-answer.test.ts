import { checkAnswer } from './requests';

/** SSE events as the Responses API sends them: `event: <type>` then `data: <json>`, numbered in order. */
function responsesStream(events: ReadonlyArray<Record<string, unknown>>, lineEnd = '\n'): string {
  return events
    .map((data, i) => `event: ${String(data['type'])}${lineEnd}data: ${JSON.stringify({ sequence_number: i, ...data })}${lineEnd}${lineEnd}`)
    .join('');
}

const usage = { input_tokens: 12, output_tokens: 6, total_tokens: 18 };
const message = (text: string) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});
const response = (extra: Record<string, unknown> = {}) => ({
  id: 'resp_1',
  object: 'response',
  status: 'completed',
  model: 'gpt-4o-mini',
  output: [message('Hello from the fake upstream.')],
  usage,
  ...extra,
});
const inProgress = response({ status: 'in_progress', output: [], usage: null });
const textDelta = (delta: string) => ({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta });
const goodStream = [
  { type: 'response.created', response: inProgress },
  { type: 'response.in_progress', response: inProgress },
  { type: 'response.output_item.added', output_index: 0, item: { ...message(''), content: [], status: 'in_progress' } },
  { type: 'response.content_part.added', item_id: 'msg_1', output_index: 0, content_index: 0, part: { type: 'output_text', text: '' } },
  textDelta('Hello'),
  textDelta(' there.'),
  { type: 'response.output_text.done', item_id: 'msg_1', output_index: 0, content_index: 0, text: 'Hello there.' },
  { type: 'response.content_part.done', item_id: 'msg_1', output_index: 0, content_index: 0, part: { type: 'output_text', text: 'Hello there.' } },
  { type: 'response.output_item.done', output_index: 0, item: message('Hello there.') },
  { type: 'response.completed', response: response({ output: [message('Hello there.')] }) },
];

describe('checkAnswer (Responses)', () => {
  const check = (mode: 'json' | 'stream', body: string, contentType = mode === 'json' ? 'application/json' : 'text/event-stream; charset=utf-8') =>
    checkAnswer('relay-responses', mode, 200, contentType, body);

  it('accepts a completed response with output_text and usage, and a stream ending in response.completed with usage', () => {
    expect(check('json', JSON.stringify(response()))).toBeNull();
    expect(check('stream', responsesStream(goodStream))).toBeNull();
    expect(check('stream', responsesStream(goodStream, '\r\n'))).toBeNull();
    // A reasoning item before the message is still a good answer.
    const reasoning = { id: 'rs_1', type: 'reasoning', summary: [] };
    expect(check('json', JSON.stringify(response({ output: [reasoning, message('Hello')] })))).toBeNull();
    // The converted target is checked the same way.
    expect(checkAnswer('relay-responses-chat', 'stream', 200, 'text/event-stream', responsesStream(goodStream))).toBeNull();
  });

  it('rejects a chat completion or an Anthropic message where a Response is due, and the reverse', () => {
    const completion = JSON.stringify({ object: 'chat.completion', choices: [{ message: { content: 'Hello' } }] });
    expect(check('json', completion)).toMatch(/^object is not response/);
    expect(check('json', '[]')).toMatch(/^not a Response/);
    expect(check('stream', 'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: [DONE]\n\n')).toMatch(/^event '' carries data of type 'undefined'/);
    expect(checkAnswer('relay', 'json', 200, 'application/json', JSON.stringify(response()))).toMatch(/^object is not chat.completion/);
    expect(checkAnswer('relay-anthropic', 'json', 200, 'application/json', JSON.stringify(response()))).toMatch(/^not an assistant message/);
  });

  it('names what a whole response lacks', () => {
    expect(check('json', JSON.stringify(response({ status: 'incomplete' })))).toMatch(/^status is not completed/);
    expect(check('json', JSON.stringify(response({ output: [] })))).toMatch(/^no output_text in a message item/);
    expect(check('json', JSON.stringify(response({ output: [message('')] })))).toMatch(/^no output_text/);
    const refusal = { ...message(''), content: [{ type: 'refusal', refusal: 'No.' }] };
    expect(check('json', JSON.stringify(response({ output: [refusal] })))).toMatch(/^no output_text/);
    expect(check('json', JSON.stringify(response({ usage: undefined })))).toMatch(/^no usage/);
    expect(check('json', JSON.stringify(response({ usage: { input_tokens: 12 } })))).toMatch(/^no usage/);
    expect(check('json', JSON.stringify({ error: { message: 'Rate limited', type: 'rate_limit_error' } }))).toMatch(/^answer is an error/);
    expect(checkAnswer('relay-responses', 'json', 400, 'application/json', '{"error":{"type":"invalid_request_error"}}')).toMatch(/^HTTP 400/);
  });

  it('names what breaks a stream', () => {
    const created = goodStream[0]!;
    const completed = goodStream[goodStream.length - 1]!;
    expect(check('stream', '')).toMatch(/^stream is empty/);
    expect(check('stream', responsesStream(goodStream.slice(1)))).toMatch(/^stream does not start with response.created/);
    expect(check('stream', responsesStream(goodStream.slice(0, -1)))).toMatch(/^stream does not end with response.completed/);
    expect(check('stream', responsesStream([created, textDelta(''), completed]))).toMatch(/^stream carries no text/);
    const undone = goodStream.filter((e) => e.type !== 'response.output_text.done');
    expect(check('stream', responsesStream(undone))).toMatch(/^the text is never done/);
    const noUsage = { type: 'response.completed', response: response({ usage: null }) };
    expect(check('stream', responsesStream([...goodStream.slice(0, -1), noUsage]))).toMatch(/^response.completed carries no usage/);
    const failure = { type: 'error', code: 'server_error', message: 'The upstream ended the stream early.', param: null };
    expect(check('stream', responsesStream([created, textDelta('Hi'), failure, completed]))).toMatch(/^stream carries an error event/);
    // An event whose name and data disagree, or that comes out of sequence.
    const mislabelled = responsesStream(goodStream).replace('event: response.in_progress', 'event: response.created');
    expect(check('stream', mislabelled)).toMatch(/^event 'response.created' carries data of type 'response.in_progress'/);
    const reordered = responsesStream(goodStream).replace('"sequence_number":5', '"sequence_number":2');
    expect(check('stream', reordered)).toMatch(/^event 'response.output_text.delta' is out of sequence/);
    expect(check('stream', responsesStream(goodStream), 'application/json')).toMatch(/expected text\/event-stream/);
  });
});
