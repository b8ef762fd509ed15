// The official OpenAI SDK against the whole stack: embeddings, images, speech (binary
// passthrough), transcriptions and translations (multipart), moderations — and what each is billed.
import { toFile } from 'openai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const SPEECH_BYTES = 2048;

describe('OpenAI SDK: embeddings, images, audio, moderations', () => {
  let stack: RelayStack;
  let user: { userId: number; apiKey: string };
  let channelId: number;
  const logsSeen = { count: 0 };

  /** The consume log of the request just made (each test makes exactly one billed request). */
  const nextLog = async () => {
    const logs = await stack.waitForLogs(user.userId, logsSeen.count + 1);
    expect(logs).toHaveLength(logsSeen.count + 1);
    logsSeen.count = logs.length;
    return logs.at(-1)!;
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({
        'text-embedding-3-small': 1,
        'tts-1': 7.5,
        'whisper-1': 15,
        'text-moderation-stable': 0.5,
        'instruct-model': 1,
      }),
      ModelPrice: JSON.stringify({ 'dall-e-3': 0.04 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
    });
    channelId = await stack.seedChannel({
      baseUrl: stack.fake.url,
      key: 'sk-endpoints',
      models: ['text-embedding-3-small', 'dall-e-3', 'tts-1', 'whisper-1', 'text-moderation-stable', 'instruct-model'],
    });
    user = await stack.userWithToken(100_000_000);
    await stack.waitForModels(user.apiKey, ['text-embedding-3-small', 'text-moderation-stable']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('embeddings: one vector per input (the SDK asks for base64), billed by prompt tokens', async () => {
    const result = await stack.openai(user.apiKey).embeddings.create({
      model: 'text-embedding-3-small',
      input: ['first input text', 'second'],
    });
    expect(result.data.map((d) => [d.index, d.embedding.length])).toEqual([
      [0, 16],
      [1, 16],
    ]);
    expect(result.data[0]!.embedding.every((x) => typeof x === 'number' && Number.isFinite(x))).toBe(true);
    expect(stack.fake.requests.map((r) => [r.path, r.apiKey])).toEqual([['/v1/embeddings', 'sk-endpoints']]);
    expect(stack.fake.requests[0]!.body).toMatchObject({ encoding_format: 'base64', input: ['first input text', 'second'] });

    const log = await nextLog();
    expect(result.usage.prompt_tokens).toBeGreaterThan(0);
    // Ratio 1, group 1, no completion: the quota is the reported prompt tokens.
    expect(log).toMatchObject({
      model: 'text-embedding-3-small',
      promptTokens: result.usage.prompt_tokens,
      completionTokens: 0,
      quota: result.usage.prompt_tokens,
      channelId,
    });
  });

  it('images.generate: the answer passes through, billed ModelPrice × size × n × QuotaPerUnit', async () => {
    const one = await stack.openai(user.apiKey).images.generate({ model: 'dall-e-3', prompt: 'a red cube', size: '1024x1024' });
    expect(one.data).toHaveLength(1);
    expect(one.data![0]!.url).toMatch(/^https?:\/\//);
    // $0.04 × 1 (1024²) × 1 image × 500000 × group 1 = 20000.
    expect((await nextLog()).quota).toBe(20_000);

    const two = await stack.openai(user.apiKey).images.generate({
      model: 'dall-e-3',
      prompt: 'two blue spheres',
      size: '256x256',
      n: 2,
      response_format: 'b64_json',
    });
    expect(two.data!.map((d) => typeof d.b64_json)).toEqual(['string', 'string']);
    // $0.04 × 0.4 (256²) × 2 images × 500000 = 16000.
    const log = await nextLog();
    expect([log.model, log.quota, log.other.model_price]).toEqual(['dall-e-3', 16_000, 0.04]);
  });

  it('audio.speech: the audio bytes pass through unchanged; tts is billed per input character', async () => {
    const response = await stack.openai(user.apiKey).audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: 'Hello there',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes).toHaveLength(SPEECH_BYTES);
    // The fake's mp3: an ID3 tag, then byte i = (i × 31) mod 256 from byte 16 on.
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
    const expected = Buffer.from(bytes);
    for (let i = 16; i < SPEECH_BYTES; i++) expected[i] = (i * 31) & 0xff;
    expect(bytes.equals(expected)).toBe(true);
    // 11 characters × ratio 7.5 = 82.5, rounded half away from zero: 83.
    expect(await nextLog()).toMatchObject({ model: 'tts-1', promptTokens: 11, completionTokens: 0, quota: 83 });
  });

  it('audio.transcriptions: a multipart upload reaches the upstream whole; 2 s of audio bill 33 tokens', async () => {
    const audio = Buffer.alloc(32_000, 7); // the fake reads 16 000 bytes as one second
    const result = await stack.openai(user.apiKey).audio.transcriptions.create({
      model: 'whisper-1',
      file: await toFile(audio, 'clip.wav', { type: 'audio/wav' }),
    });
    expect(result.text).toBe('Hello from the fake upstream.');
    expect(stack.fake.requests).toHaveLength(1);
    expect(stack.fake.requests[0]!.path).toBe('/v1/audio/transcriptions');
    expect(stack.fake.requests[0]!.body).toMatchObject({
      model: 'whisper-1',
      file: { filename: 'clip.wav', contentType: 'audio/wav', size: 32_000 },
    });
    // round(ceil(2 s) / 60 × 1000) = 33 tokens × ratio 15 = 495.
    expect(await nextLog()).toMatchObject({ model: 'whisper-1', promptTokens: 33, quota: 495 });
  });

  it('audio.translations: the same multipart path', async () => {
    const result = await stack.openai(user.apiKey).audio.translations.create({
      model: 'whisper-1',
      file: await toFile(Buffer.alloc(48_000, 1), 'clip.mp3', { type: 'audio/mpeg' }),
    });
    expect(result.text).toBe('Hello from the fake upstream.');
    expect(stack.fake.requests.map((r) => r.path)).toEqual(['/v1/audio/translations']);
    // 3 s: round(3 / 60 × 1000) = 50 tokens × 15 = 750.
    expect(await nextLog()).toMatchObject({ model: 'whisper-1', promptTokens: 50, quota: 750 });
  });

  it('completions (legacy), whole and streamed, billed from the upstream usage', async () => {
    stack.fake.program({ path: '/v1/completions' }, { promptTokens: 3, completionTokens: 5 }, { times: 2 });
    const whole = await stack.openai(user.apiKey).completions.create({ model: 'instruct-model', prompt: 'Say hello' });
    expect(whole.choices[0]!.text).toBe('Hello from the fake upstream.');
    expect(whole.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 5 });
    // (3 + 5 × 1) × 1 = 8.
    expect(await nextLog()).toMatchObject({ model: 'instruct-model', quota: 8, isStream: false });

    const stream = await stack.openai(user.apiKey).completions.create({ model: 'instruct-model', prompt: 'Say hello', stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.text ?? '';
    expect(text).toBe('Hello from the fake upstream.');
    expect(stack.fake.requests[1]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(await nextLog()).toMatchObject({ model: 'instruct-model', quota: 8, isStream: true, completionTokens: 5 });
  });

  it('moderations: routed as text-moderation-stable, asked upstream as text-moderation-latest', async () => {
    const result = await stack.openai(user.apiKey).moderations.create({ input: 'a perfectly harmless sentence' });
    expect(result.results).toHaveLength(1);
    expect(result.results[0]!.flagged).toBe(false);
    expect(stack.fake.requests.map((r) => [r.path, r.model])).toEqual([['/v1/moderations', 'text-moderation-latest']]);
    const log = await nextLog();
    expect(log.model).toBe('text-moderation-stable');
    expect(log.promptTokens).toBeGreaterThan(0);
    expect(log.quota).toBe(Math.max(1, Math.round(log.promptTokens * 0.5)));
  });
});
