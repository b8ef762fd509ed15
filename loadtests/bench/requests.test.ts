import { parseSse } from './answer-parsing';
import { anthropicRequestBody, buildRequest, checkAnswer, geminiRequestBody, requestBody, responsesRequestBody } from './requests';

const endpoints = {
  fakeUrl: 'http://127.0.0.1:4001',
  portkeyUrl: 'http://127.0.0.1:4002',
  relayUrl: 'http://127.0.0.1:4003',
  relayKey: 'sk-bench',
};

describe('buildRequest', () => {
  it('sends the same body to every target', () => {
    const bodies = (['direct', 'portkey', 'relay'] as const).map((t) => buildRequest(t, 'stream', endpoints).body);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(JSON.parse(requestBody('json'))).not.toHaveProperty('stream');
  });

  it('routes Portkey to the fake upstream with its provider headers', () => {
    const request = buildRequest('portkey', 'json', endpoints);
    expect(request.url).toBe('http://127.0.0.1:4002/v1/chat/completions');
    expect(request.headers).toMatchObject({
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': 'http://127.0.0.1:4001/v1',
    });
  });

  it('authenticates at the relay with the benchmark token', () => {
    const request = buildRequest('relay', 'json', endpoints);
    expect(request.url).toBe('http://127.0.0.1:4003/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-bench');
  });

  it('sends the relay with workers the same chat completion, at its own address', () => {
    const request = buildRequest('relay-2w', 'stream', { ...endpoints, relayWorkersUrl: 'http://127.0.0.1:4004', relayWorkersKey: 'sk-workers' });
    expect(request.url).toBe('http://127.0.0.1:4004/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-workers');
    expect(request.body).toBe(buildRequest('relay', 'stream', endpoints).body);
    expect(() => buildRequest('relay-2w', 'json', endpoints)).toThrow('the relay with workers is not running');
  });

  it('refuses a target that was not started', () => {
    expect(() => buildRequest('relay', 'json', { fakeUrl: endpoints.fakeUrl })).toThrow('the relay is not running');
    expect(() => buildRequest('relay-anthropic', 'json', { fakeUrl: endpoints.fakeUrl })).toThrow('the relay is not running');
    expect(() => buildRequest('relay-gemini', 'json', { fakeUrl: endpoints.fakeUrl })).toThrow('the relay is not running');
    expect(() => buildRequest('relay-responses', 'json', { fakeUrl: endpoints.fakeUrl })).toThrow('the relay is not running');
    expect(() => buildRequest('relay-responses-chat', 'json', { fakeUrl: endpoints.fakeUrl })).toThrow('the relay is not running');
  });

  it("sends the relay's translated target an Anthropic SDK request to /v1/messages", () => {
    const request = buildRequest('relay-anthropic', 'stream', endpoints);
    expect(request.url).toBe('http://127.0.0.1:4003/v1/messages');
    expect(request.headers).toEqual({
      'content-type': 'application/json',
      'x-api-key': 'sk-bench',
      'anthropic-version': '2023-06-01',
    });
    expect(JSON.parse(request.body)).toEqual({
      model: 'gpt-4o-mini',
      max_tokens: 512,
      system: 'You are a concise assistant.',
      messages: [{ role: 'user', content: 'Say hello to the benchmark.' }],
      stream: true,
    });
    expect(JSON.parse(anthropicRequestBody('json'))).not.toHaveProperty('stream');
  });

  it("sends the relay's Gemini target a Gen AI SDK request, streamed by the URL's method", () => {
    const whole = buildRequest('relay-gemini', 'json', endpoints);
    expect(whole.url).toBe('http://127.0.0.1:4003/v1beta/models/gpt-4o-mini:generateContent');
    expect(whole.headers).toEqual({ 'content-type': 'application/json', 'x-goog-api-key': 'sk-bench' });
    expect(JSON.parse(whole.body)).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Say hello to the benchmark.' }] }],
      systemInstruction: { role: 'user', parts: [{ text: 'You are a concise assistant.' }] },
      generationConfig: { maxOutputTokens: 512 },
    });
    const stream = buildRequest('relay-gemini', 'stream', endpoints);
    expect(stream.url).toBe('http://127.0.0.1:4003/v1beta/models/gpt-4o-mini:streamGenerateContent?alt=sse');
    expect(stream.body).toBe(whole.body);
  });

  it("sends the relay's Responses targets an OpenAI SDK request to /v1/responses, for the OpenAI and the chat-only channel's model", () => {
    const passthrough = buildRequest('relay-responses', 'stream', endpoints);
    expect(passthrough.url).toBe('http://127.0.0.1:4003/v1/responses');
    expect(passthrough.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-bench' });
    expect(JSON.parse(passthrough.body)).toEqual({
      model: 'gpt-4o-mini',
      instructions: 'You are a concise assistant.',
      input: 'Say hello to the benchmark.',
      max_output_tokens: 512,
      store: false,
      stream: true,
    });
    expect(JSON.parse(buildRequest('relay-responses', 'json', endpoints).body)).not.toHaveProperty('stream');
    const converted = buildRequest('relay-responses-chat', 'stream', endpoints);
    expect(converted.url).toBe(passthrough.url);
    expect(JSON.parse(converted.body)).toEqual({ ...JSON.parse(passthrough.body), model: 'deepseek-chat' });
  });

  it('asks the translated targets the same question as the passthrough one', () => {
    const openai = JSON.parse(requestBody('json')) as { model: string; messages: Array<{ content: string }> };
    const anthropic = JSON.parse(anthropicRequestBody('json')) as { model: string; messages: unknown[]; system: string; max_tokens: number };
    expect(anthropic.model).toBe(openai.model);
    expect(anthropic.messages).toEqual(openai.messages);
    const gemini = JSON.parse(geminiRequestBody()) as {
      contents: Array<{ parts: Array<{ text: string }> }>;
      systemInstruction: { parts: Array<{ text: string }> };
      generationConfig: { maxOutputTokens: number };
    };
    expect(gemini.contents[0]!.parts[0]!.text).toBe(openai.messages[0]!.content);
    expect(gemini.systemInstruction.parts[0]!.text).toBe(anthropic.system);
    expect(gemini.generationConfig.maxOutputTokens).toBe(anthropic.max_tokens);
    const responses = JSON.parse(responsesRequestBody('json')) as { model: string; input: string; instructions: string; max_output_tokens: number };
    expect(responses.model).toBe(openai.model);
    expect(responses.input).toBe(openai.messages[0]!.content);
    expect(responses.instructions).toBe(anthropic.system);
    expect(responses.max_output_tokens).toBe(anthropic.max_tokens);
  });
});

describe('checkAnswer (OpenAI)', () => {
  const completion = JSON.stringify({ object: 'chat.completion', choices: [{ message: { content: 'Hello' } }] });
  const chunk = (body: object) => `data: ${JSON.stringify(body)}\n\n`;
  const stream =
    chunk({ choices: [{ delta: { role: 'assistant', content: 'Hello' } }], usage: null }) +
    chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } }) +
    'data: [DONE]\n\n';

  it('accepts a chat completion and a complete stream with usage', () => {
    expect(checkAnswer('relay', 'json', 200, 'application/json', completion)).toBeNull();
    expect(checkAnswer('relay', 'stream', 200, 'text/event-stream; charset=utf-8', stream)).toBeNull();
  });

  it('names the problem of an error or an incomplete answer', () => {
    expect(checkAnswer('relay', 'json', 404, 'application/json', '{"error":{}}')).toBe('HTTP 404: {"error":{}}');
    expect(checkAnswer('relay', 'json', 200, 'application/json', '{"object":"list"}')).toMatch(/^object is not chat.completion/);
    expect(checkAnswer('relay', 'json', 200, 'text/plain', completion)).toMatch(/expected JSON/);
    expect(checkAnswer('relay', 'stream', 200, 'text/event-stream', stream.replace('data: [DONE]\n\n', ''))).toMatch(/\[DONE\]/);
    const noUsage = chunk({ choices: [{ delta: { content: 'Hi' } }], usage: null }) + 'data: [DONE]\n\n';
    expect(checkAnswer('relay', 'stream', 200, 'text/event-stream', noUsage)).toMatch(/no usage chunk/);
    expect(checkAnswer('relay', 'stream', 200, 'text/event-stream', 'data: {oops\n\ndata: [DONE]\n\n')).toMatch(/not JSON/);
  });
});

/** SSE events as Anthropic sends them: `event: <type>` then `data: <json>`. */
function anthropicStream(events: ReadonlyArray<Record<string, unknown>>): string {
  return events.map((data) => `event: ${String(data['type'])}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

const messageStart = {
  type: 'message_start',
  message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'gpt-4o-mini', content: [], usage: { input_tokens: 12, output_tokens: 0 } },
};
const textStart = { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } };
const textDelta = (text: string) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
const blockStop = { type: 'content_block_stop', index: 0 };
const messageDelta = { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 6 } };
const messageStop = { type: 'message_stop' };
const goodStream = [messageStart, textStart, { type: 'ping' }, textDelta('Hello'), textDelta(' there.'), blockStop, messageDelta, messageStop];

describe('checkAnswer (Anthropic)', () => {
  const message = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'gpt-4o-mini',
    content: [{ type: 'text', text: 'Hello from the fake upstream.' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 6 },
  };
  const check = (mode: 'json' | 'stream', body: string, contentType = mode === 'json' ? 'application/json' : 'text/event-stream') =>
    checkAnswer('relay-anthropic', mode, 200, contentType, body);

  it('accepts a Message with a text block and usage, and a complete event stream', () => {
    expect(check('json', JSON.stringify(message))).toBeNull();
    expect(check('stream', anthropicStream(goodStream))).toBeNull();
    // A thinking block before the text, and CRLF line ends, are still a good answer.
    const thinking = [{ type: 'thinking', thinking: 'Hm.', signature: '' }, ...message.content];
    expect(check('json', JSON.stringify({ ...message, content: thinking }))).toBeNull();
    expect(check('stream', anthropicStream(goodStream).replace(/\n/g, '\r\n'))).toBeNull();
  });

  it('rejects an OpenAI answer, and an Anthropic answer where an OpenAI one is due', () => {
    const completion = JSON.stringify({ object: 'chat.completion', choices: [{ message: { content: 'Hello' } }] });
    expect(check('json', completion)).toMatch(/^not an assistant message/);
    expect(checkAnswer('relay', 'json', 200, 'application/json', JSON.stringify(message))).toMatch(/^object is not chat.completion/);
    expect(check('stream', 'data: {"choices":[]}\n\ndata: [DONE]\n\n')).toMatch(/^event '' carries data/);
  });

  it('names what a Message lacks', () => {
    expect(check('json', JSON.stringify({ ...message, content: [] }))).toMatch(/^no text block/);
    expect(check('json', JSON.stringify({ ...message, content: [{ type: 'text', text: '' }] }))).toMatch(/^no text block/);
    expect(check('json', JSON.stringify({ ...message, usage: undefined }))).toMatch(/^no usage/);
    expect(check('json', JSON.stringify({ ...message, usage: { input_tokens: 3 } }))).toMatch(/^no usage/);
    expect(
      checkAnswer('relay-anthropic', 'json', 400, 'application/json', '{"type":"error","error":{"type":"invalid_request_error"}}'),
    ).toMatch(/^HTTP 400/);
  });

  it("names what breaks Anthropic's event sequence", () => {
    const without = (dropped: object) => anthropicStream(goodStream.filter((event) => event !== dropped));
    expect(check('stream', without(messageStop))).toMatch(/^stream does not end with message_stop/);
    expect(check('stream', without(messageStart))).toMatch(/^stream does not start with message_start/);
    expect(check('stream', without(messageDelta))).toMatch(/^no message_delta before message_stop/);
    expect(check('stream', without(textStart))).toMatch(/^stream opens no text block/);
    expect(check('stream', without(blockStop))).toMatch(/^the text block is never stopped/);
    const noText = goodStream.filter((event) => (event as { type: string }).type !== 'content_block_delta');
    expect(check('stream', anthropicStream(noText))).toMatch(/^stream carries no text/);
    const noUsage = goodStream.map((event) => (event === messageDelta ? { ...messageDelta, usage: {} } : event));
    expect(check('stream', anthropicStream(noUsage))).toMatch(/^message_delta carries no output usage/);
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    expect(check('stream', anthropicStream([messageStart, textStart, textDelta('Hi'), error]))).toMatch(/^stream carries an error event/);
    const mislabelled = anthropicStream(goodStream).replace('event: ping', 'event: message_stop');
    expect(check('stream', mislabelled)).toMatch(/^event 'message_stop' carries data of type 'ping'/);
    expect(check('stream', anthropicStream(goodStream), 'application/json')).toMatch(/expected text\/event-stream/);
  });
});

describe('parseSse', () => {
  it('reads named events and joins multi-line data', () => {
    expect(parseSse('event: ping\ndata: {"type":"ping"}\n\ndata: a\ndata: b\n\n: comment\n\n')).toEqual([
      { event: 'ping', data: '{"type":"ping"}' },
      { event: '', data: 'a\nb' },
    ]);
  });
});
