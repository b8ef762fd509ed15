import { request as httpRequest, Agent } from 'node:http';
import { type FakeUpstream, startFakeUpstream } from './server';
import { DEFAULT_MODELS } from './responders/misc';
import { SPEECH_BYTES } from './responders/audio';
import { chat, post } from './test-helpers.test-support';

type Json = Record<string, any>;

const audioForm = (fields: Record<string, string>, bytes = 32_000): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), 'speech.wav');
  return form;
};

describe('fake upstream: the other endpoints', () => {
  let fake: FakeUpstream;

  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('embeds each input as floats or as base64 float32', async () => {
    const model = 'text-embedding-3-small';
    const floats = (await (await post(fake, '/v1/embeddings', { model, input: ['a', 'b', 'c'] })).json()) as Json;
    expect(floats).toMatchObject({ object: 'list', model, usage: { prompt_tokens: 1, total_tokens: 1 } });
    expect(floats.data).toHaveLength(3);
    expect(floats.data[2]).toMatchObject({ object: 'embedding', index: 2 });
    expect(floats.data[0].embedding).toHaveLength(16);

    const b64 = (await (
      await post(fake, '/v1/embeddings', { model, input: 'one', encoding_format: 'base64', dimensions: 8 })
    ).json()) as Json;
    expect(b64.data).toHaveLength(1);
    const decoded = new Float32Array(new Uint8Array(Buffer.from(b64.data[0].embedding, 'base64')).buffer);
    expect(decoded).toHaveLength(8);
    expect(decoded[0]).toBeCloseTo(Math.sin(1) / Math.sqrt(8), 6);

    const tokens = (await (await post(fake, '/v1/embeddings', { model: 'm', input: [1, 2, 3] })).json()) as Json;
    expect(tokens.data).toHaveLength(1);
    expect((await post(fake, '/v1/embeddings', { model: 'm' })).status).toBe(400);
  });

  it('takes the model of the legacy engines path', async () => {
    const res = await post(fake, '/v1/engines/text-embedding-ada-002/embeddings', { input: 'x' });
    const body = (await res.json()) as Json;
    expect(body.model).toBe('text-embedding-ada-002');
  });

  it('moderates without flagging, one result per input', async () => {
    const body = (await (await post(fake, '/v1/moderations', { input: ['a', 'b'] })).json()) as Json;
    expect(body.model).toBe('omni-moderation-latest');
    expect(body.id).toMatch(/^modr-/);
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({
      flagged: false,
      categories: { hate: false },
      category_scores: { violence: 0.0001 },
    });
  });

  it('generates images as URLs or base64', async () => {
    const res = await post(fake, '/v1/images/generations', { model: 'dall-e-3', prompt: 'a cat', n: 2 });
    const urls = (await res.json()) as Json;
    expect(urls.data).toHaveLength(2);
    expect(urls.data[0].url).toMatch(/^https:\/\/.+\.png$/);
    const b64 = (await (
      await post(fake, '/v1/images/generations', { prompt: 'a cat', response_format: 'b64_json' })
    ).json()) as Json;
    expect(Buffer.from(b64.data[0].b64_json, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await post(fake, '/v1/images/generations', { model: 'dall-e-3' })).status).toBe(400);
  });

  it('speaks bytes in the requested format', async () => {
    const mp3 = await post(fake, '/v1/audio/speech', { model: 'tts-1', input: 'Hello', voice: 'alloy' });
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await mp3.arrayBuffer());
    expect(bytes).toHaveLength(SPEECH_BYTES);
    expect(bytes.subarray(0, 3).toString()).toBe('ID3');
    const wav = await post(fake, '/v1/audio/speech', { model: 'tts-1', input: 'Hello', response_format: 'wav' });
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const ogg = await post(fake, '/v1/audio/speech', { model: 'tts-1', input: 'x', response_format: 'ogg' });
    expect(ogg.status).toBe(400);
  });

  it('transcribes and translates multipart uploads, and records the form', async () => {
    const json = await fetch(`${fake.url}/v1/audio/transcriptions`, {
      method: 'POST',
      body: audioForm({ model: 'whisper-1' }),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({
      text: 'Hello from the fake upstream.',
      usage: { type: 'duration', seconds: 2 },
    });
    expect(fake.requests[0]!.body).toEqual({
      model: 'whisper-1',
      file: { filename: 'speech.wav', contentType: 'audio/wav', size: 32_000 },
    });
    expect(fake.requests[0]!.model).toBe('whisper-1');

    const verbose = (await (
      await fetch(`${fake.url}/v1/audio/translations`, {
        method: 'POST',
        headers: { 'x-fake-text': 'Bonjour' },
        body: audioForm({ model: 'whisper-1', response_format: 'verbose_json' }),
      })
    ).json()) as Json;
    expect(verbose).toMatchObject({
      task: 'translate',
      duration: 2,
      text: 'Bonjour',
      segments: [{ start: 0, end: 2 }],
    });

    const text = await fetch(`${fake.url}/v1/audio/transcriptions`, {
      method: 'POST',
      body: audioForm({ model: 'whisper-1', response_format: 'text' }),
    });
    expect(await text.text()).toBe('Hello from the fake upstream.\n');
    const srt = await fetch(`${fake.url}/v1/audio/transcriptions`, {
      method: 'POST',
      body: audioForm({ model: 'whisper-1', response_format: 'srt' }),
    });
    expect(await srt.text()).toBe('1\n00:00:00,000 --> 00:00:02,000\nHello from the fake upstream.\n\n');

    const notMultipart = await post(fake, '/v1/audio/transcriptions', { model: 'whisper-1' });
    expect(notMultipart.status).toBe(400);
    const noFile = new FormData();
    noFile.append('model', 'whisper-1');
    expect((await fetch(`${fake.url}/v1/audio/transcriptions`, { method: 'POST', body: noFile })).status).toBe(400);
  });

  it('reranks documents, honouring top_n', async () => {
    const body = (await (
      await post(fake, '/v1/rerank', { model: 'rerank-v1', query: 'q', documents: ['a', { text: 'b' }, 'c'], top_n: 2 })
    ).json()) as Json;
    expect(body.model).toBe('rerank-v1');
    expect(body.results).toEqual([
      { index: 0, relevance_score: 0.5, document: { text: 'a' } },
      { index: 1, relevance_score: 1 / 3, document: { text: 'b' } },
    ]);
    expect(body.usage.total_tokens).toBeGreaterThan(0);
    expect((await post(fake, '/v1/rerank', { model: 'rerank-v1', query: 'q', documents: [] })).status).toBe(400);
  });

  it('lists models and finds one by name', async () => {
    const list = (await (await fetch(`${fake.url}/v1/models`)).json()) as Json;
    expect(list.object).toBe('list');
    expect(list.data.map((m: Json) => m.id)).toEqual(DEFAULT_MODELS);
    expect(list.data[0]).toEqual({
      id: 'gpt-4o',
      object: 'model',
      created: expect.any(Number),
      owned_by: 'fake-upstream',
    });
    expect(((await (await fetch(`${fake.url}/v1/models/gpt-4o`)).json()) as Json).id).toBe('gpt-4o');
    const missing = await fetch(`${fake.url}/v1/models/nope`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Json).error.code).toBe('model_not_found');
  });

  it('serves Azure deployment paths and records the api-key and api-version', async () => {
    const path = '/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21';
    const res = await post(fake, path, { messages: [{ role: 'user', content: 'hi' }] }, { 'api-key': 'azure-key-1' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).model).toBe('gpt-4o-prod');
    expect(fake.requests[0]).toMatchObject({
      path: '/openai/deployments/gpt-4o-prod/chat/completions',
      deployment: 'gpt-4o-prod',
      apiVersion: '2024-10-21',
      apiKey: 'azure-key-1',
      model: 'gpt-4o-prod',
      query: { 'api-version': '2024-10-21' },
    });
    expect(fake.requests[0]!.headers['api-key']).toBe('azure-key-1');

    const embeddings = await post(fake, '/openai/deployments/emb/embeddings?api-version=2024-10-21', { input: 'x' });
    expect(((await embeddings.json()) as Json).model).toBe('emb');
    const noVersion = await post(fake, '/openai/deployments/gpt-4o-prod/chat/completions', chat());
    expect(noVersion.status).toBe(404);
    expect(await noVersion.json()).toEqual({ error: { code: '404', message: 'Resource not found' } });
  });

  it('answers unknown paths and methods with 404 in the OpenAI shape', async () => {
    const unknown = await post(fake, '/v1/assistants', chat());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { message: 'Invalid URL (POST /v1/assistants)', type: 'invalid_request_error', param: null, code: null },
    });
    expect((await fetch(`${fake.url}/v1/chat/completions`)).status).toBe(404);
  });

  it('keeps connections alive across requests', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const once = () =>
      new Promise<boolean>((resolve, reject) => {
        const req = httpRequest(`${fake.url}/v1/models`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(req.reusedSocket));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await once()).toBe(false);
    expect(await once()).toBe(true);
    expect(await once()).toBe(true);
    agent.destroy();
  });
});
