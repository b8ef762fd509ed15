import { FAKE_HEADERS } from './behaviour-headers';
import { type FakeUpstream, startFakeUpstream } from './server';
import { chat, post, readUntilEnd } from './test-helpers.test-support';

type Json = Record<string, any>;

describe('fake upstream: programmed errors, bodies, latency and cuts', () => {
  let fake: FakeUpstream;

  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const errorOf = async (headers: Record<string, string>, body: unknown = chat(), path = '/v1/chat/completions') => {
    const res = await post(fake, path, body, { authorization: 'Bearer sk-channel-one-secret', ...headers });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it.each([
    ['invalid_api_key', 401, 'invalid_request_error', 'invalid_api_key', /^Incorrect API key provided: sk-\*\*\*cret\. /],
    ['account_deactivated', 401, 'invalid_request_error', 'account_deactivated', /deactivated account/],
    ['permission', 403, 'permission_error', null, /^Permission denied/],
    ['rate_limit', 429, 'requests', 'rate_limit_exceeded', /^Rate limit reached for gpt-4o /],
    ['insufficient_quota', 429, 'insufficient_quota', 'insufficient_quota', /^You exceeded your current quota/],
    ['model_not_found', 404, 'invalid_request_error', 'model_not_found', /The model `gpt-4o` does not exist/],
    ['context_length', 400, 'invalid_request_error', 'context_length_exceeded', /maximum context length/],
    ['bad_request', 400, 'invalid_request_error', null, /^Invalid request\.$/],
    ['server_error', 500, 'server_error', null, /^The server had an error/],
    ['overloaded', 503, 'server_error', null, /overloaded/],
  ])('x-fake-error: %s answers %d in the OpenAI error shape', async (kind, status, type, code, message) => {
    const { status: got, body } = await errorOf({ 'x-fake-error': kind });
    expect(got).toBe(status);
    expect(Object.keys(body)).toEqual(['error']);
    const param = kind === 'context_length' ? 'messages' : null;
    expect(body.error).toEqual({ message: expect.stringMatching(message), type, param, code });
  });

  it('answers a stream request with a JSON error, not SSE', async () => {
    const streaming = chat('gpt-4o', { stream: true });
    const res = await post(fake, '/v1/chat/completions', streaming, { 'x-fake-error': 'rate_limit' });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(((await res.json()) as Json).error.code).toBe('rate_limit_exceeded');
  });

  it('lets x-fake-status and x-fake-error-message override the error', async () => {
    const { status, body } = await errorOf({
      'x-fake-error': 'server_error',
      'x-fake-status': '502',
      'x-fake-error-message': 'Your credit balance is too low',
    });
    expect(status).toBe(502);
    expect(body.error).toMatchObject({ message: 'Your credit balance is too low', type: 'server_error' });
  });

  it.each([
    [401, 'invalid_api_key'],
    [403, null],
    [429, 'rate_limit_exceeded'],
    [500, null],
    [418, null],
  ])('x-fake-status: %d alone answers a matching provider error', async (status, code) => {
    const { status: got, body } = await errorOf({ 'x-fake-status': String(status) });
    expect(got).toBe(status);
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe('string');
  });

  it('returns x-fake-body verbatim, with its status and content type', async () => {
    const raw = '{"weird": true, "choices": [ ] }';
    const res = await post(fake, '/v1/chat/completions', chat(), { 'x-fake-body': raw, 'x-fake-status': '200' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(raw);

    const html = await post(fake, '/v1/embeddings', { model: 'm', input: 'x' }, {
      'x-fake-body': '<html>Bad gateway</html>',
      'x-fake-status': '502',
      'x-fake-content-type': 'text/html',
    });
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(await html.text()).toBe('<html>Bad gateway</html>');

    const anyPath = await post(fake, '/v1/responses', {}, { 'x-fake-body': '{"ok":1}' });
    expect(await anyPath.json()).toEqual({ ok: 1 });
  });

  it('rejects an unknown or malformed programming header with 400', async () => {
    const typo = await errorOf({ 'x-fake-chunk-delay': '5' });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatchObject({
      code: 'fake_upstream_misprogrammed',
      message: expect.stringContaining('x-fake-chunk-delay'),
    });
    expect((await errorOf({ 'x-fake-chunks': 'many' })).status).toBe(400);
    expect((await errorOf({ 'x-fake-status': '999' })).status).toBe(400);
    expect((await errorOf({ 'x-fake-usage': 'sometimes' })).status).toBe(400);
    expect((await errorOf({ 'x-fake-error': 'teapot' })).status).toBe(400);
    expect((await errorOf({ 'x-fake-tool-calls': '[{"name":"f"}]' })).status).toBe(400);
    expect(FAKE_HEADERS).toHaveLength(22);
  });

  it('waits x-fake-latency-ms before answering, within a bound', async () => {
    const started = Date.now();
    const res = await post(fake, '/v1/chat/completions', chat(), { 'x-fake-latency-ms': '150' });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(148);
    expect(elapsed).toBeLessThan(400);
    await res.arrayBuffer();
  });

  it('delays errors too, and forgets a delayed answer whose client left', async () => {
    const started = Date.now();
    const headers = { 'x-fake-latency-ms': '80', 'x-fake-status': '500' };
    const res = await post(fake, '/v1/embeddings', { model: 'm', input: 'x' }, headers);
    expect(res.status).toBe(500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(78);
    await res.arrayBuffer();

    const abort = new AbortController();
    const pending = post(fake, '/v1/chat/completions', chat(), { 'x-fake-latency-ms': '10000' }, abort.signal);
    await new Promise((resolve) => setTimeout(resolve, 30));
    abort.abort();
    await expect(pending).rejects.toThrow();
  });

  it('closes the connection without an answer for x-fake-disconnect-after on a whole response', async () => {
    await expect(post(fake, '/v1/chat/completions', chat(), { 'x-fake-disconnect-after': '0' })).rejects.toThrow();
    expect(fake.requests[0]!.outcome).toBe('cut');
  });

  it('cuts a stream right after the headers with x-fake-disconnect-after: 0', async () => {
    const streaming = chat('gpt-4o', { stream: true });
    const res = await post(fake, '/v1/chat/completions', streaming, { 'x-fake-disconnect-after': '0' });
    expect(res.status).toBe(200);
    const { text, error } = await readUntilEnd(res);
    expect(text).toBe('');
    expect(error).toBeDefined();
  });
});
