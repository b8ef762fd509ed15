// Bad input to the data plane over raw HTTP: every refusal is a 4xx/5xx with exactly the error
// object of the client's protocol (OpenAI's; Anthropic's on the Messages paths), nothing reaches
// the upstream or the bill, and the process keeps serving.
import { gzipSync } from 'node:zlib';
import { chatBody, type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const MB = 1024 * 1024;

interface Answer {
  status: number;
  body: any;
}

describe('bad input on /v1', () => {
  let stack: RelayStack;
  let user: { userId: number; apiKey: string };

  const send = async (path: string, init: RequestInit & { duplex?: 'half' } = {}, auth = true): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (auth) headers.set('Authorization', `Bearer ${user.apiKey}`);
    const res = await fetch(`${stack.url}${path}`, { method: 'POST', ...init, headers });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the assertion on the shape will show it
    }
    return { status: res.status, body };
  };
  const json = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
    send('/v1/chat/completions', { body, headers: { 'Content-Type': 'application/json', ...headers } });

  /** Exactly `{error: {message, type, param, code}}`, with the given status and fields. */
  const expectOpenAIError = (answer: Answer, status: number, fields: Record<string, unknown>) => {
    expect(answer.status).toBe(status);
    expect(Object.keys(answer.body)).toEqual(['error']);
    expect(Object.keys(answer.body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(typeof answer.body.error.message).toBe('string');
    expect(answer.body.error).toMatchObject({ type: status >= 500 ? 'server_error' : 'invalid_request_error', ...fields });
  };

  beforeAll(async () => {
    stack = await startRelayStack({ MAX_REQUEST_BODY_MB: '1' });
    await stack.setOptions({ ModelRatio: JSON.stringify({ 'test-model': 1 }) });
    await stack.seedChannel({ baseUrl: stack.fake.url, models: ['test-model'] });
    user = await stack.userWithToken(100_000_000);
    await stack.waitForModels(user.apiKey, ['test-model']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('malformed JSON → 400', async () => {
    expectOpenAIError(await json('{"model": "test-model", "messages": ['), 400, { code: 'invalid_json', param: null });
    expectOpenAIError(await json('not json at all'), 400, { code: 'invalid_json' });
    expectOpenAIError(await json('["model", "test-model"]'), 400, { code: 'invalid_request' });
    expectOpenAIError(await json(''), 400, { code: 'invalid_request' });
  });

  it('missing model or messages → 400 with the reference messages', async () => {
    expectOpenAIError(await json(JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] })), 400, {
      message: 'model is required',
      param: 'model',
    });
    expectOpenAIError(await json(JSON.stringify({ model: 'test-model' })), 400, {
      message: 'field messages is required',
      param: 'messages',
    });
    expectOpenAIError(await json(JSON.stringify({ model: 'test-model', messages: [] })), 400, {
      message: 'field messages is required',
    });
    expectOpenAIError(await json(chatBody('test-model', { max_tokens: -5 })), 400, { param: 'max_tokens' });
  });

  it('a body over MAX_REQUEST_BODY_MB → 413, whether declared, streamed or compressed', async () => {
    const huge = chatBody('test-model', { padding: 'x'.repeat(1.5 * MB) });
    expectOpenAIError(await json(huge), 413, { code: 'request_too_large', param: null });

    // Chunked (no Content-Length): refused as the bytes arrive.
    const bytes = new TextEncoder().encode(huge);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    expectOpenAIError(
      await send('/v1/chat/completions', { body: chunked, duplex: 'half', headers: { 'Content-Type': 'application/json' } }),
      413,
      { code: 'request_too_large' },
    );

    // A small gzip body that inflates past the limit.
    const bomb = gzipSync(Buffer.from(huge));
    expect(bomb.length).toBeLessThan(MB);
    expectOpenAIError(await json(bomb, { 'Content-Encoding': 'gzip' }), 413, { code: 'request_too_large' });

    // Just under the limit is accepted.
    const fits = chatBody('test-model', { user: 'y'.repeat(0.9 * MB) });
    expect((await json(fits)).status).toBe(200);
  });

  it('a content type the endpoint does not take → 415', async () => {
    const answer = await send('/v1/chat/completions', { body: chatBody('test-model'), headers: { 'Content-Type': 'text/plain' } });
    expectOpenAIError(answer, 415, { code: 'unsupported_media_type' });
    const form = new FormData();
    form.set('model', 'test-model');
    expectOpenAIError(await send('/v1/chat/completions', { body: form }), 415, { code: 'unsupported_media_type' });
    // And JSON where multipart is required.
    expectOpenAIError(
      await send('/v1/audio/transcriptions', { body: '{"model":"whisper-1"}', headers: { 'Content-Type': 'application/json' } }),
      415,
      { code: 'unsupported_media_type' },
    );
  });

  it('an unknown model → 404 model_not_found', async () => {
    expectOpenAIError(await json(chatBody('no-such-model')), 404, { code: 'model_not_found', param: 'model' });
  });

  it('a prompt with a sensitive word (the default list) → 400 sensitive_words_detected', async () => {
    const body = JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'please say TEST_SENSITIVE' }] });
    expectOpenAIError(await json(body), 400, { code: 'sensitive_words_detected' });
  });

  it('unknown and wrong-method paths → 404 Invalid URL; known but unserved OpenAI paths → 501', async () => {
    const get = await fetch(`${stack.url}/v1/chat/completions`, { headers: { Authorization: `Bearer ${user.apiKey}` } });
    expectOpenAIError({ status: get.status, body: await get.json() }, 404, {
      message: 'Invalid URL (GET /v1/chat/completions)',
      code: 'invalid_url',
    });
    expectOpenAIError(await send('/v1/no/such/path', { body: '{}' }), 404, { message: 'Invalid URL (POST /v1/no/such/path)' });
    expectOpenAIError(await send('/v1/files', { body: '{}' }), 501, { code: 'api_not_implemented' });
  });

  it('no key → 401 未提供令牌, before the body is looked at', async () => {
    const answer = await send('/v1/chat/completions', { body: '{broken', headers: { 'Content-Type': 'application/json' } }, false);
    expectOpenAIError(answer, 401, { message: '未提供令牌', code: 'missing_api_key' });
  });

  it('on the Messages paths, in Anthropic\'s error object with its error types', async () => {
    const messages = (body: string | Uint8Array, headers: Record<string, string> = {}, auth = true) =>
      send('/v1/messages', { body, headers: { 'Content-Type': 'application/json', 'anthropic-version': '2023-06-01', ...headers } }, auth);
    const expectAnthropicError = (answer: Answer, status: number, type: string, message?: string | RegExp) => {
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ type: 'error', error: { type, message: expect.any(String) } });
      if (message !== undefined) expect(answer.body.error.message).toMatch(message);
    };
    const hello = { model: 'test-model', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] };
    expectAnthropicError(await messages('{"model": "test-model", "messages": ['), 400, 'invalid_request_error', /not valid JSON/);
    expectAnthropicError(await messages(JSON.stringify({ ...hello, messages: [] })), 400, 'invalid_request_error', 'messages: at least one message is required');
    expectAnthropicError(
      await messages(JSON.stringify({ ...hello, messages: [{ role: 'user', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }] })),
      400,
      'invalid_request_error',
      'messages.0.content.0: a user message cannot contain a tool_use block',
    );
    expectAnthropicError(await messages(JSON.stringify({ ...hello, user: 'x'.repeat(1.1 * MB) })), 413, 'request_too_large');
    expectAnthropicError(await messages(JSON.stringify(hello), { 'Content-Type': 'text/plain' }), 415, 'invalid_request_error');
    expectAnthropicError(await messages(JSON.stringify({ ...hello, model: 'no-such-model' })), 404, 'not_found_error');
    expectAnthropicError(await messages('{broken', {}, false), 401, 'authentication_error', '未提供令牌');
    expectAnthropicError(await send('/v1/messages/batches', { body: '{}' }), 501, 'api_error');
  });

  it('after all of that the stack still answers; no bad request reached the upstream or the bill', async () => {
    const answer = await json(chatBody('test-model'));
    expect(answer.status).toBe(200);
    expect(answer.body.choices[0].message.content).toBe('Hello from the fake upstream.');
    // Only the two valid requests (the one just under the limit and this one) went upstream.
    expect(stack.fake.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
    const logs = await stack.waitForLogs(user.userId, 2);
    expect(logs).toHaveLength(2);
    const status = await fetch(`${stack.url}/api/status`);
    expect(status.status).toBe(200);
  });
});
