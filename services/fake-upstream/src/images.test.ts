import OpenAI, { BadRequestError, toFile } from 'openai';
import { type FakeUpstream, startFakeUpstream } from './server';
import type { FakeFile } from './types';

type Json = Record<string, any>;

const png = (bytes: number) => Buffer.alloc(bytes, 7);

describe('fake upstream: image edits and variations through the official SDK', () => {
  let fake: FakeUpstream;
  let openai: OpenAI;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    openai = new OpenAI({ apiKey: 'sk-images', baseURL: `${fake.url}/v1`, maxRetries: 0 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('answers an edit like a generation and records its fields and file sizes', async () => {
    const result = await openai.images.edit({
      model: 'dall-e-2',
      image: await toFile(png(2048), 'cat.png', { type: 'image/png' }),
      mask: await toFile(png(512), 'mask.png', { type: 'image/png' }),
      prompt: 'Give the cat a hat',
      n: 2,
      size: '256x256',
      response_format: 'b64_json',
    });
    expect(result.data).toHaveLength(2);
    expect(result.data![0]).toEqual({ b64_json: expect.any(String), revised_prompt: 'Give the cat a hat' });
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/images/edits');
    expect(sent.model).toBe('dall-e-2');
    expect(sent.body).toEqual({
      model: 'dall-e-2',
      image: { filename: 'cat.png', contentType: 'image/png', size: 2048 },
      mask: { filename: 'mask.png', contentType: 'image/png', size: 512 },
      prompt: 'Give the cat a hat',
      n: '2',
      size: '256x256',
      response_format: 'b64_json',
    });
  });

  it('records every image of a multi-image edit', async () => {
    const result = await openai.images.edit({
      model: 'gpt-image-1',
      image: [await toFile(png(100), 'a.png', { type: 'image/png' }), await toFile(png(200), 'b.png', { type: 'image/png' })],
      prompt: 'Combine them',
      quality: 'low',
    });
    expect(result.data![0]!.url).toMatch(/^https:\/\//);
    const body = fake.requests[0]!.body as Json;
    // The SDK sends a list of files as repeated `image[]` parts.
    const images = body['image[]'] as FakeFile[];
    expect(images.map((file) => file.size)).toEqual([100, 200]);
    expect(body.quality).toBe('low');
  });

  it('answers a variation without a revised prompt', async () => {
    const result = await openai.images.createVariation({
      image: await toFile(png(300), 'cat.png', { type: 'image/png' }),
      n: 1,
      size: '512x512',
    });
    expect(result.data).toEqual([{ url: expect.stringMatching(/\.png$/) }]);
    expect(fake.requests[0]!.body).toMatchObject({ image: { size: 300 }, size: '512x512', n: '1' });
    expect(fake.requests[0]!.model).toBe(undefined);
  });

  it('answers 400 in the OpenAI shape to an edit without an image or prompt, or a JSON body', async () => {
    const noPrompt = await openai.images
      .edit({ image: await toFile(png(10), 'cat.png', { type: 'image/png' }), prompt: '' })
      .catch((e: unknown) => e);
    expect(noPrompt).toBeInstanceOf(BadRequestError);
    expect((noPrompt as BadRequestError).error).toMatchObject({ param: 'prompt', code: 'missing_required_parameter' });
    const form = new FormData();
    form.set('prompt', 'x');
    const noImage = await fetch(`${fake.url}/v1/images/edits`, { method: 'POST', body: form });
    expect(noImage.status).toBe(400);
    expect(((await noImage.json()) as Json).error.param).toBe('image');
    const json = await fetch(`${fake.url}/v1/images/variations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as Json).error.message).toBe('Expected a multipart/form-data body.');
  });

  it('serves the Azure deployment paths', async () => {
    const form = new FormData();
    form.set('image', new Blob([png(64)], { type: 'image/png' }), 'x.png');
    const res = await fetch(`${fake.url}/openai/deployments/dalle/images/variations?api-version=2024-10-21`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(200);
    expect(fake.requests[0]!.deployment).toBe('dalle');
  });
});
