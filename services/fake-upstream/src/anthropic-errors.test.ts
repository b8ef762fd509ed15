import Anthropic, {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { type FakeUpstream, startFakeUpstream } from './server';
import { post, readUntilEnd, until } from './test-helpers.test-support';

type Json = Record<string, any>;

const PARAMS = {
  model: 'claude-haiku-4-5-20251001',
  max_tokens: 64,
  messages: [{ role: 'user' as const, content: 'Hi' }],
};
const HEADERS = { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };

describe('fake upstream: Anthropic errors, checks and broken streams', () => {
  let fake: FakeUpstream;
  let anthropic: Anthropic;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    anthropic = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const failure = (promise: Promise<unknown>): Promise<APIError> =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error as APIError,
    );

  it.each([
    ['invalid_api_key', AuthenticationError, 401, 'authentication_error', /^invalid x-api-key$/],
    ['account_deactivated', AuthenticationError, 401, 'authentication_error', /disabled/],
    ['permission', PermissionDeniedError, 403, 'permission_error', /permission/],
    ['rate_limit', RateLimitError, 429, 'rate_limit_error', /rate limit/],
    ['insufficient_quota', BadRequestError, 400, 'invalid_request_error', /^Your credit balance is too low to access the Anthropic API/],
    ['model_not_found', NotFoundError, 404, 'not_found_error', /^model: claude-haiku-4-5-20251001$/],
    ['context_length', BadRequestError, 400, 'invalid_request_error', /^prompt is too long: /],
    ['bad_request', BadRequestError, 400, 'invalid_request_error', /Invalid request/],
    ['server_error', InternalServerError, 500, 'api_error', /Internal server error/],
    ['overloaded', OverloadedError, 529, 'overloaded_error', /^Overloaded$/],
  ] as const)('error %s surfaces as the matching SDK error class', async (kind, ErrorClass, status, type, message) => {
    fake.program({}, { error: kind });
    const error = await failure(anthropic.messages.create(PARAMS));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ status, type, apiMessage: expect.stringMatching(message) });
    expect(error.requestID).toMatch(/^req_/);
    expect(error.error).toMatchObject({ type: 'error', request_id: error.requestID });
    if (status === 429) expect(error.headers?.get('retry-after')).toBe('20');
  });

  it('maps a bare status as Anthropic does, 529 included, on every Anthropic path', async () => {
    fake.program({}, { status: 529 }, { times: 1 });
    expect(await failure(anthropic.messages.create(PARAMS))).toBeInstanceOf(OverloadedError);
    fake.program({}, { status: 429 }, { times: 1 });
    expect(await failure(anthropic.messages.countTokens({ model: PARAMS.model, messages: PARAMS.messages }))).toBeInstanceOf(
      RateLimitError,
    );
    fake.program({}, { status: 401 }, { times: 1 });
    expect(await failure(anthropic.models.list())).toMatchObject({ status: 401, type: 'authentication_error' });
    fake.program({}, { status: 502, error: 'server_error', errorMessage: 'upstream connect error' });
    expect(await failure(anthropic.messages.create(PARAMS))).toMatchObject({ status: 502, apiMessage: 'upstream connect error' });
  });

  it('requires a key, anthropic-version and a complete body, with Anthropic wording', async () => {
    const check = async (body: unknown, headers: Record<string, string>, status: number, message: string) => {
      const res = await post(fake, '/v1/messages', body, headers);
      expect(res.status).toBe(status);
      expect(((await res.json()) as Json).error.message).toBe(message);
    };
    await check(PARAMS, { 'anthropic-version': '2023-06-01' }, 401, 'x-api-key header is required');
    await check(PARAMS, { 'x-api-key': 'sk-ant-test' }, 400, 'anthropic-version: header is required');
    await check({ ...PARAMS, model: undefined }, HEADERS, 400, 'model: Field required');
    await check({ ...PARAMS, max_tokens: undefined }, HEADERS, 400, 'max_tokens: Field required');
    await check({ ...PARAMS, max_tokens: 0 }, HEADERS, 400, 'max_tokens: Input should be greater than or equal to 1');
    await check({ ...PARAMS, max_tokens: 'many' }, HEADERS, 400, 'max_tokens: Input should be a valid integer');
    await check({ ...PARAMS, messages: [] }, HEADERS, 400, 'messages: at least one message is required');
    await check({ model: PARAMS.model, max_tokens: 5 }, HEADERS, 400, 'messages: Field required');
    const counted = await post(fake, '/v1/messages/count_tokens', { model: PARAMS.model, messages: PARAMS.messages }, HEADERS);
    expect(counted.status).toBe(200);
    const bearer = await post(fake, '/v1/messages', PARAMS, { authorization: 'Bearer sk-ant-bearer', 'anthropic-version': '2023-06-01' });
    expect(bearer.status).toBe(200);
    expect(fake.requests.map((r) => r.apiKey).slice(-2)).toEqual(['sk-ant-test', 'sk-ant-bearer']);
  });

  it('answers a misprogrammed request with 400 in Anthropic shape', async () => {
    const res = await post(fake, '/v1/messages', PARAMS, { ...HEADERS, 'x-fake-chunks': 'lots' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: /^fake-upstream: / } });
    fake.program({}, { toolCalls: [{ name: 'f', arguments: 'not json' }] });
    const bad = await post(fake, '/v1/messages', PARAMS, HEADERS);
    expect(((await bad.json()) as Json).error.message).toMatch(/arguments of tool call 'f' are not JSON/);
  });

  it('sends an error event after streamErrorAfter chunks, and the SDK throws it', async () => {
    fake.program({}, { streamErrorAfter: 2, chunks: 5 }, { times: 1 });
    const raw = await (await post(fake, '/v1/messages', { ...PARAMS, stream: true }, HEADERS)).text();
    expect(raw).not.toContain('message_stop');
    expect(raw.endsWith('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n')).toBe(true);
    expect(raw.match(/"text_delta"/g)).toHaveLength(2);
    const byStatus = await post(fake, '/v1/messages', { ...PARAMS, stream: true }, {
      ...HEADERS,
      'x-fake-stream-error-after': '0',
      'x-fake-status': '429',
    });
    expect(byStatus.status).toBe(200);
    expect(await byStatus.text()).toMatch(/event: error\ndata: \{"type":"error","error":\{"type":"rate_limit_error"/);

    fake.program({}, { streamErrorAfter: 1, error: 'rate_limit' });
    const stream = anthropic.messages.stream(PARAMS);
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    const error = await failure(stream.finalMessage());
    expect(error).toBeInstanceOf(APIError);
    expect(error.type).toBe('rate_limit_error');
    expect(texts).toEqual(['Hello']);
  });

  it('cuts a stream mid-way with disconnectAfter, and the SDK throws', async () => {
    fake.program({}, { disconnectAfter: 2, chunkDelayMs: 5 }, { times: 1 });
    const stream = anthropic.messages.stream(PARAMS);
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(texts).toEqual(['Hello', ' from']);
    await until(() => fake.requests[0]?.outcome === 'cut');
    expect(fake.requests[0]!.chunksSent).toBe(2);

    const raw = await post(fake, '/v1/messages', { ...PARAMS, stream: true }, { ...HEADERS, 'x-fake-disconnect-after': '1' });
    const { text, error } = await readUntilEnd(raw);
    expect(error).toBeDefined();
    expect(text).toMatch(/^event: message_start\n/);
    expect(text.match(/"text_delta"/g)).toHaveLength(1);
    expect(text).not.toContain('message_stop');
  });
});
