import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { PreconditionFailedError } from '@modelgate/runtime';
import { OUTBOUND_REFUSED_MESSAGE, OutboundPolicy } from '@modelgate/runtime/outbound';
import { createUpstreamClient, type UpstreamClient } from '../pipeline/upstream-client';
import { checkTestable, testChannel } from './channel-tester';
import type { ProbeChannel } from './probe-store';

describe('testChannel', () => {
  let fake: FakeUpstream;
  let upstream: UpstreamClient;
  const never = new AbortController().signal;

  const channel = (fields: Partial<ProbeChannel> = {}): ProbeChannel => ({
    id: 7,
    type: 1,
    key: 'sk-test',
    name: 'c',
    status: 1,
    base_url: fake.url,
    other: '',
    openai_organization: null,
    model_mapping: null,
    auto_ban: 1,
    created_time: 0,
    test_model: null,
    models: 'gpt-4o-mini',
    ...fields,
  });

  beforeAll(async () => {
    fake = await startFakeUpstream();
    // The fake upstream is on loopback: allowed as a root allows a model server on its own network.
    const outbound = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
    upstream = createUpstreamClient({ connectTimeoutMs: 2_000, responseTimeoutMs: 0, idleTimeoutMs: 0, connectionsPerOrigin: 4, outbound });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await upstream.close();
    await fake.close();
  });

  it('succeeds on a readable answer and measures the whole exchange', async () => {
    fake.program({}, { latencyMs: 150 });
    const outcome = await testChannel({ upstream, timeoutMs: 5_000 }, channel(), '', never);
    expect(outcome).toMatchObject({ success: true, message: '', model: 'gpt-4o-mini' });
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(150);
    expect(outcome.failure).toBeUndefined();
    expect(fake.requests[0]).toMatchObject({ apiKey: 'sk-test', path: '/v1/chat/completions' });
  });

  it("uses Jina's embeddings when a chat model is asked of an embeddings-only vendor", async () => {
    await testChannel({ upstream, timeoutMs: 5_000 }, channel({ type: 38 }), 'jina-clip', never);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/embeddings', body: { model: 'jina-clip', input: 'hello world' } });
  });

  it("tests a Gemini channel with a generation (an embedding model with embeddings) at Google's path, with its key", async () => {
    const gemini = channel({ type: 24, key: 'AIzaFakeGeminiKey', models: 'gemini-2.5-flash', model_mapping: '{"gemini-alias":"gemini-2.5-flash"}' });
    expect(await testChannel({ upstream, timeoutMs: 5_000 }, gemini, '', never)).toMatchObject({ success: true, model: 'gemini-2.5-flash' });
    expect(fake.requests[0]).toMatchObject({ apiKey: 'AIzaFakeGeminiKey', path: '/v1beta/models/gemini-2.5-flash:generateContent' });
    await testChannel({ upstream, timeoutMs: 5_000 }, gemini, 'gemini-alias', never);
    expect(fake.requests[1]).toMatchObject({ path: '/v1beta/models/gemini-2.5-flash:generateContent' });
    await testChannel({ upstream, timeoutMs: 5_000 }, gemini, 'text-embedding-004', never);
    expect(fake.requests[2]!.path).toMatch(/^\/v1beta\/models\/text-embedding-004:(embedContent|batchEmbedContents)$/);
    const refused = await testChannel({ upstream, timeoutMs: 5_000 }, channel({ type: 24, key: 'AIza-unknown' }), 'gemini-2.5-flash', never);
    expect(refused).toMatchObject({ success: false, message: 'status code 400: API key not valid. Please pass a valid API key.' });
  });

  it('turns its own time limit into an upstream timeout failure', async () => {
    fake.program({}, { latencyMs: 2_000 });
    const outcome = await testChannel({ upstream, timeoutMs: 200 }, channel(), '', never);
    expect(outcome).toMatchObject({ success: false, message: 'the upstream provider did not respond in time' });
    expect(outcome.failure).toMatchObject({ kind: 'timeout', status: 504 });
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(190);
  });

  it('rethrows when the caller aborts, instead of reporting a failure', async () => {
    fake.program({}, { latencyMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 100);
    await expect(testChannel({ upstream, timeoutMs: 5_000 }, channel(), '', controller.signal)).rejects.toBeDefined();
  });

  it('reports an unreadable success body and a missing base URL as failures', async () => {
    fake.program({}, { body: 'not json', contentType: 'text/plain' });
    expect(await testChannel({ upstream, timeoutMs: 5_000 }, channel(), '', never)).toMatchObject({
      success: false,
      message: 'status code 200: the upstream answered with an unreadable body',
    });
    const custom = await testChannel({ upstream, timeoutMs: 5_000 }, channel({ type: 8, base_url: '' }), '', never);
    expect(custom).toMatchObject({ success: false, failure: { kind: 'local' } });
    expect(custom.message).toMatch(/has no base URL/);
  });
});

describe('testChannel under the outbound address policy', () => {
  it('refuses a channel whose address is internal, before any request, with a generic message', async () => {
    const fake = await startFakeUpstream();
    const outbound = new OutboundPolicy({ allowedRanges: () => '' });
    const upstream = createUpstreamClient({ connectTimeoutMs: 2_000, responseTimeoutMs: 0, idleTimeoutMs: 0, connectionsPerOrigin: 4, outbound });
    try {
      const channel: ProbeChannel = {
        id: 8, type: 1, key: 'sk-root-only', name: 'c', status: 1, base_url: fake.url, other: '', openai_organization: null,
        model_mapping: null, auto_ban: 1, created_time: 0, test_model: null, models: 'gpt-4o-mini',
      };
      const outcome = await testChannel({ upstream, timeoutMs: 5_000 }, channel, '', new AbortController().signal);
      expect(outcome).toMatchObject({ success: false, message: OUTBOUND_REFUSED_MESSAGE, failure: { kind: 'transport' } });
      expect(outcome.message).not.toContain('127.0.0.1');
      expect(fake.requests).toHaveLength(0);
    } finally {
      await upstream.close();
      await fake.close();
    }
  });
});

describe('checkTestable', () => {
  it('refuses task types, types without an adapter and unknown types', () => {
    for (const type of [1, 14, 33, 2, 5, 36]) expect(() => checkTestable(type)).not.toThrow();
    for (const type of [11, 16, 999]) expect(() => checkTestable(type)).toThrow(PreconditionFailedError);
    expect(() => checkTestable(999)).toThrow('channel type 999 cannot be tested: it is not a known channel type');
  });
});
