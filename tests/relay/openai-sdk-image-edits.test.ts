// The official OpenAI SDK's image edits and variations against the whole stack: multipart uploads
// reach an OpenAI channel (and Azure's deployment path for edits) with every file intact, each call
// is billed like a generation, Azure offers no variations, and bad input is refused in OpenAI's
// error shape with nothing charged and nothing sent upstream.
import { randomBytes } from 'node:crypto';
import { APIError, toFile } from 'openai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const MB = 1024 * 1024;
const QUOTA_PER_USD = 500_000;
const AZURE_API_VERSION = '2025-04-01-preview';

/**
 * An upload's bytes: random, with the multipart delimiter prefix and bytes above 0x7f in it, so a
 * file cut at a false boundary or re-encoded as text arrives with another size.
 */
function imageBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('\r\n--not-the-boundary\r\n\xff\xfe', 'latin1').copy(bytes, Math.floor(size / 2));
  return bytes;
}

describe('OpenAI SDK: images.edit and images.createVariation', () => {
  let stack: RelayStack;
  let user: { userId: number; apiKey: string };
  let openaiChannel: number;
  let azureChannel: number;
  let logsSeen = 0;

  /** The consume log of the one billed request just made. */
  const nextLog = async () => {
    const logs = await stack.waitForLogs(user.userId, logsSeen + 1);
    expect(logs).toHaveLength(logsSeen + 1);
    logsSeen = logs.length;
    return logs.at(-1)!;
  };

  /** Runs `refused` and checks it charged nothing, logged nothing and sent nothing upstream. */
  const expectNothingCharged = async (refused: () => Promise<void>) => {
    const before = await stack.balances(user.userId);
    await refused();
    expect(stack.fake.requests).toEqual([]);
    expect(await stack.balances(user.userId)).toEqual(before);
    expect(await stack.consumeLogs(user.userId)).toHaveLength(logsSeen);
  };

  /** The SDK error `call` fails with, in OpenAI's error object. */
  const refusal = async (call: Promise<unknown>): Promise<APIError> => {
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(APIError);
    const api = error as APIError;
    expect(Object.keys(api.error as object).sort()).toEqual(['code', 'message', 'param', 'type']);
    return api;
  };

  beforeAll(async () => {
    stack = await startRelayStack({ MAX_REQUEST_BODY_MB: '1' });
    await stack.setOptions({
      ModelPrice: JSON.stringify({ 'dall-e-2': 0.02, 'azure-image': 0.04 }),
      ModelRatio: JSON.stringify({ 'gpt-image-1': 2.5 }),
      GroupRatio: JSON.stringify({ default: 1 }),
    });
    openaiChannel = await stack.seedChannel({ baseUrl: stack.fake.url, key: 'sk-images', models: ['dall-e-2', 'gpt-image-1'] });
    azureChannel = await stack.seedChannel({
      type: 3,
      baseUrl: stack.fake.url,
      key: 'azure-key',
      other: AZURE_API_VERSION,
      models: ['azure-image'],
      modelMapping: { 'azure-image': 'image-deployment' },
    });
    user = await stack.userWithToken(100_000_000);
    await stack.waitForModels(user.apiKey, ['dall-e-2', 'gpt-image-1', 'azure-image']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('images.edit with one image: the file arrives whole, the model defaults to gpt-image-1, billed per image by its ratio', async () => {
    const image = imageBytes(70_000);
    const before = await stack.balances(user.userId);
    const result = await stack.openai(user.apiKey).images.edit({
      image: await toFile(image, 'photo.png', { type: 'image/png' }),
      prompt: 'add a red hat',
      n: 2,
      size: '1536x1024',
    });
    expect(result.data).toHaveLength(2);
    expect(result.data![0]!.revised_prompt).toBe('add a red hat');

    expect(stack.fake.requests).toHaveLength(1);
    const received = stack.fake.requests[0]!;
    expect([received.path, received.apiKey]).toEqual(['/v1/images/edits', 'sk-images']);
    expect(received.body).toEqual({
      image: { filename: 'photo.png', contentType: 'image/png', size: image.length },
      prompt: 'add a red hat',
      n: '2',
      size: '1536x1024',
      model: 'gpt-image-1',
    });

    // 0.0025 × ratio 2.5 × size 1 × 2 images × 500000.
    const quota = 0.0025 * 2.5 * 2 * QUOTA_PER_USD;
    expect(await nextLog()).toMatchObject({ model: 'gpt-image-1', quota, channelId: openaiChannel });
    expect((await stack.balances(user.userId)).usedQuota).toBe(before.usedQuota + quota);
  });

  it('images.edit with several images and a mask: each file arrives under its own name and size', async () => {
    const [first, second, mask] = [imageBytes(40_000), imageBytes(25_001), imageBytes(9_999)];
    const result = await stack.openai(user.apiKey).images.edit({
      model: 'gpt-image-1',
      image: [await toFile(first, 'first.png', { type: 'image/png' }), await toFile(second, 'second.webp', { type: 'image/webp' })],
      mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
      prompt: 'put both on one table',
      quality: 'high',
    });
    expect(result.data).toHaveLength(1);
    expect(stack.fake.requests[0]!.body).toMatchObject({
      'image[]': [
        { filename: 'first.png', contentType: 'image/png', size: first.length },
        { filename: 'second.webp', contentType: 'image/webp', size: second.length },
      ],
      mask: { filename: 'mask.png', contentType: 'image/png', size: mask.length },
      model: 'gpt-image-1',
      quality: 'high',
    });
    expect(await nextLog()).toMatchObject({ model: 'gpt-image-1', quota: 0.0025 * 2.5 * QUOTA_PER_USD });
  });

  it('images.createVariation: dall-e-2 by default, billed ModelPrice × size × n', async () => {
    const image = imageBytes(33_333);
    const result = await stack.openai(user.apiKey).images.createVariation({
      image: await toFile(image, 'source.png', { type: 'image/png' }),
      n: 3,
      size: '256x256',
    });
    expect(result.data).toHaveLength(3);
    const received = stack.fake.requests[0]!;
    expect(received.path).toBe('/v1/images/variations');
    expect(received.body).toMatchObject({
      image: { filename: 'source.png', contentType: 'image/png', size: image.length },
      model: 'dall-e-2',
      n: '3',
      size: '256x256',
    });
    // $0.02 × 0.4 (256²) × 3 × 500000.
    expect(await nextLog()).toMatchObject({ model: 'dall-e-2', quota: 12_000 });
  });

  it("Azure: edits go to the mapped deployment with the channel's api-version and key, the form's model rewritten around intact files; variations find no channel", async () => {
    const image = imageBytes(12_345);
    await stack.openai(user.apiKey).images.edit({
      model: 'azure-image',
      image: await toFile(image, 'a.png', { type: 'image/png' }),
      prompt: 'paint it blue',
    });
    const received = stack.fake.requests[0]!;
    expect(received).toMatchObject({
      path: '/openai/deployments/image-deployment/images/edits',
      apiVersion: AZURE_API_VERSION,
      apiKey: 'azure-key',
    });
    expect(received.body).toEqual({
      model: 'image-deployment',
      image: { filename: 'a.png', contentType: 'image/png', size: image.length },
      prompt: 'paint it blue',
    });
    expect(await nextLog()).toMatchObject({ model: 'azure-image', quota: 0.04 * QUOTA_PER_USD, channelId: azureChannel });
    stack.fake.reset();

    await expectNothingCharged(async () => {
      const error = await refusal(
        stack.openai(user.apiKey).images.createVariation({ model: 'azure-image', image: await toFile(image, 'a.png', { type: 'image/png' }) }),
      );
      expect(error.status).toBe(400);
      expect(error).toMatchObject({ code: 'no_channel_for_request', param: 'model' });
    });
  });

  it('an edit whose prompt holds a sensitive word → 400, nothing charged', async () => {
    await expectNothingCharged(async () => {
      const error = await refusal(
        stack.openai(user.apiKey).images.edit({ image: await toFile(imageBytes(1000), 'a.png'), prompt: 'draw TEST_SENSITIVE here' }),
      );
      expect(error).toMatchObject({ status: 400, code: 'sensitive_words_detected' });
    });
  });

  it.each([
    ['no image', { prompt: 'x' }, 'image'],
    ['no prompt', { image: true }, 'prompt'],
    ['n of 11', { image: true, prompt: 'x', n: 11 }, 'n'],
    ['a size gpt-image-1 does not make', { image: true, prompt: 'x', size: '256x256' }, 'size'],
  ])('images.edit with %s → 400 naming the field, nothing charged', async (_, fields, param) => {
    const file = await toFile(imageBytes(1000), 'a.png', { type: 'image/png' });
    const { image, ...rest } = fields as { image?: boolean };
    await expectNothingCharged(async () => {
      const body = { ...rest, ...(image ? { image: file } : {}) } as Parameters<ReturnType<RelayStack['openai']>['images']['edit']>[0];
      const error = await refusal(stack.openai(user.apiKey).images.edit(body));
      expect(error.status).toBe(400);
      expect(error).toMatchObject({ type: 'invalid_request_error', param });
    });
  });

  it('images.createVariation with a size dall-e-2 does not make → 400, nothing charged', async () => {
    await expectNothingCharged(async () => {
      const error = await refusal(
        stack.openai(user.apiKey).images.createVariation({
          image: await toFile(imageBytes(1000), 'a.png', { type: 'image/png' }),
          size: '1792x1024' as '1024x1024',
        }),
      );
      expect(error).toMatchObject({ status: 400, param: 'size' });
      expect(error.error).toMatchObject({ message: 'size must be one of 256x256, 512x512, 1024x1024 for dall-e-2' });
    });
  });

  it('an upload over MAX_REQUEST_BODY_MB → 413, nothing charged', async () => {
    await expectNothingCharged(async () => {
      const error = await refusal(
        stack.openai(user.apiKey).images.createVariation({ image: await toFile(imageBytes(1.2 * MB), 'big.png', { type: 'image/png' }) }),
      );
      expect(error).toMatchObject({ status: 413, code: 'request_too_large' });
    });
  });

  it('a JSON body → 415 in the OpenAI shape, nothing charged', async () => {
    await expectNothingCharged(async () => {
      const res = await fetch(`${stack.url}/v1/images/edits`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-image-1', prompt: 'x', image: 'https://example.com/a.png' }),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        error: { message: 'images/edits takes a multipart/form-data body', type: 'invalid_request_error', param: null, code: 'unsupported_media_type' },
      });
    });
  });
});
