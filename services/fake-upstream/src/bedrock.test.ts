import {
  BedrockRuntimeClient,
  type BedrockRuntimeClientConfig,
  InvokeModelCommand,
  InvokeModelWithResponseStreamCommand,
} from '@aws-sdk/client-bedrock-runtime';
// The client defaults to HTTP/2; the fake speaks HTTP/1.1 (as gateways signing requests do).
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { bedrockModelName } from './responders/bedrock';
import { type FakeUpstream, startFakeUpstream } from './server';
import { post, until } from './test-helpers.test-support';

type Json = Record<string, any>;

const MODEL = 'us.anthropic.claude-3-5-sonnet-20241022-v2:0';
const BODY = {
  anthropic_version: 'bedrock-2023-05-31',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Say hello to the fake upstream, please.' }],
};
const KEYS = { AKIAFAKEFAKEFAKE: 'fake-secret-key', AKIASECONDKEY: 'second-secret' };
const decode = (bytes: Uint8Array | undefined): Json => JSON.parse(new TextDecoder().decode(bytes)) as Json;

describe('fake upstream: Claude on Bedrock Runtime through the official AWS SDK', () => {
  let fake: FakeUpstream;

  beforeAll(async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'; // the SDK's notice about Node 20
    fake = await startFakeUpstream({ aws: KEYS });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const client = (accessKeyId = 'AKIAFAKEFAKEFAKE', secretAccessKey = 'fake-secret-key', extra: BedrockRuntimeClientConfig = {}) =>
    new BedrockRuntimeClient({
      endpoint: fake.url,
      region: 'eu-west-3',
      credentials: { accessKeyId, secretAccessKey },
      requestHandler: new NodeHttpHandler(),
      maxAttempts: 1,
      ...extra,
    });
  const invoke = (body: unknown = BODY, modelId = MODEL) =>
    new InvokeModelCommand({ modelId, body: JSON.stringify(body), contentType: 'application/json', accept: 'application/json' });
  const invokeStream = (body: unknown = BODY) =>
    new InvokeModelWithResponseStreamCommand({ modelId: MODEL, body: JSON.stringify(body), contentType: 'application/json' });
  const eventsOf = async (response: { body?: AsyncIterable<{ chunk?: { bytes?: Uint8Array } }> }): Promise<Json[]> => {
    const events: Json[] = [];
    for await (const part of response.body!) events.push(decode(part.chunk!.bytes));
    return events;
  };

  it('answers InvokeModel with the Anthropic Message and Bedrock headers', async () => {
    fake.program({}, { cachedTokens: 20, cacheCreationTokens: 5 });
    const response = await client().send(invoke());
    const message = decode(response.body);
    expect(message).toMatchObject({
      id: expect.stringMatching(/^msg_bdrk_/),
      type: 'message',
      role: 'assistant',
      model: 'claude-3-5-sonnet-20241022',
      content: [{ type: 'text', text: 'Hello from the fake upstream.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 6, cache_read_input_tokens: 20, cache_creation_input_tokens: 5 },
    });
    expect(response.$metadata).toMatchObject({ httpStatusCode: 200, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(fake.requests[0]).toMatchObject({ apiKey: 'AKIAFAKEFAKEFAKE', model: MODEL, stream: false });

    const raw = await post(fake, `/model/${encodeURIComponent(MODEL)}/invoke`, BODY, { 'x-fake-text': 'x' });
    expect(raw.status).toBe(403); // unsigned: the fake checks signatures on every Bedrock request
  });

  it('streams the Anthropic events as event-stream chunks, with invocation metrics last', async () => {
    fake.program({}, { reasoning: 'Think.', toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    const events = await eventsOf(await client().send(invokeStream()));
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      ...Array(4).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]!.message).toMatchObject({ id: expect.stringMatching(/^msg_bdrk_/), model: 'claude-3-5-sonnet-20241022' });
    expect(events[6]!.content_block).toMatchObject({ type: 'tool_use', name: 'get_weather', input: {} });
    const json = events.slice(7, 11).map((e) => e.delta.partial_json as string).join('');
    expect(JSON.parse(json)).toEqual({ city: 'Paris' });
    expect(events[12]!.delta.stop_reason).toBe('tool_use');
    expect(events[13]!['amazon-bedrock-invocationMetrics']).toMatchObject({ inputTokenCount: 10, outputTokenCount: 5 });
    expect(fake.requests[0]).toMatchObject({ stream: true, chunksSent: 6, outcome: 'completed' });
  });

  it('rejects an unknown key, a wrong secret and a tampered body with the SDK exception names', async () => {
    await expect(client('AKIANOBODY').send(invoke())).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(client('AKIAFAKEFAKEFAKE', 'wrong-secret').send(invoke())).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 403 },
    });
    expect((await client('AKIASECONDKEY', 'second-secret').send(invoke())).$metadata.httpStatusCode).toBe(200);
    const tampering = client();
    tampering.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body: string };
        request.body = request.body.replace('hello', 'HELLO');
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    await expect(tampering.send(invoke())).rejects.toMatchObject({ name: 'InvalidSignatureException' });
  });

  it('checks the body as Bedrock does', async () => {
    const { anthropic_version: _version, ...unversioned } = BODY;
    await expect(client().send(invoke({ ...unversioned, model: 'claude', stream: true }))).rejects.toMatchObject({
      name: 'ValidationException',
      message:
        'Malformed input request: #: required key [anthropic_version] not found#: extraneous key [model] is not permitted' +
        '#: extraneous key [stream] is not permitted, please reformat your input and try again.',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(client().send(invoke({ ...BODY, messages: [] }))).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it.each([
    ['invalid_api_key', 'UnrecognizedClientException', 403],
    ['permission', 'AccessDeniedException', 403],
    ['rate_limit', 'ThrottlingException', 429],
    ['insufficient_quota', 'ServiceQuotaExceededException', 400],
    ['model_not_found', 'ResourceNotFoundException', 404],
    ['context_length', 'ValidationException', 400],
    ['server_error', 'InternalServerException', 500],
    ['overloaded', 'ServiceUnavailableException', 503],
  ] as const)('error %s surfaces as %s', async (kind, name, status) => {
    fake.program({}, { error: kind });
    await expect(client().send(invoke())).rejects.toMatchObject({ name, $metadata: { httpStatusCode: status } });
  });

  it('maps bare statuses, 424 as ModelErrorException', async () => {
    fake.program({}, { status: 424 }, { times: 1 });
    await expect(client().send(invoke())).rejects.toMatchObject({ name: 'ModelErrorException' });
    fake.program({}, { status: 429 }, { times: 1 });
    await expect(client().send(invokeStream())).rejects.toMatchObject({ name: 'ThrottlingException' });
  });

  it('ends a stream with an exception message after streamErrorAfter chunks', async () => {
    fake.program({}, { streamErrorAfter: 2 }, { times: 1 });
    const events: Json[] = [];
    const response = await client().send(invokeStream());
    const error = await (async () => {
      for await (const part of response.body!) events.push(decode(part.chunk!.bytes));
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' });
    expect(events.filter((e) => e.type === 'content_block_delta')).toHaveLength(2);

    fake.program({}, { streamErrorAfter: 0, error: 'overloaded' });
    const overloaded = await client().send(invokeStream());
    await expect(eventsOf(overloaded)).rejects.toMatchObject({ name: 'ServiceUnavailableException' });
  });

  it('cuts a stream with disconnectAfter, honouring chunks and delays', async () => {
    fake.program({}, { chunks: 4, chunkDelayMs: 5, disconnectAfter: 3 });
    const events: Json[] = [];
    const response = await client().send(invokeStream());
    const error = await (async () => {
      for await (const part of response.body!) events.push(decode(part.chunk!.bytes));
    })().catch((e: unknown) => e);
    expect(error).toBeDefined();
    expect(events.filter((e) => e.type === 'content_block_delta').map((e) => e.delta.text)).toEqual(['Hello', ' from', ' the']);
    await until(() => fake.requests[0]?.outcome === 'cut');
  });

  it('names Claude models as Bedrock answers them', () => {
    expect(bedrockModelName('anthropic.claude-3-haiku-20240307-v1:0')).toBe('claude-3-haiku-20240307');
    expect(bedrockModelName('global.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5-20250929');
    expect(bedrockModelName('arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc')).toBe(
      'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc',
    );
  });
});
