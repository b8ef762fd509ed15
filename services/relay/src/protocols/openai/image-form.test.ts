import { imageQuota, type ModelPricing } from '@modelgate/pricing';
import { ValidationError } from '@modelgate/runtime';
import { UnsupportedMediaTypeError } from '../json-body';
import { readImageForm } from './image-form';
import { parseOpenAIRequest } from './inbound';

const BOUNDARY = 'form-b0undary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);

type Part = { name: string; value: string } | { name: string; file: Buffer; filename?: string };

function form(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const filename = part.filename ?? 'image.png';
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
        part.file,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const image = (name = 'image'): Part => ({ name, file: PNG });
const field = (name: string, value: string): Part => ({ name, value });

function refusal(run: () => unknown): { message: string; param: unknown; status: number } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { message: error.message, param: (error.details as { param?: unknown } | undefined)?.param, status: error.httpStatus };
  }
  throw new Error('expected a refusal');
}

describe('readImageForm', () => {
  it('reads an edit: model, n, size, quality and prompt; several images as image[]', () => {
    const body = form([image('image[]'), image('image[]'), image('mask'), field('prompt', ' a hat '), field('model', 'gpt-image-1'), field('n', '2'), field('size', '1536x1024'), field('quality', 'high')]);
    expect(readImageForm('images/edits', body, CONTENT_TYPE)).toEqual({
      model: 'gpt-image-1',
      image: { size: '1536x1024', quality: 'high', n: 2 },
      prompt: 'a hat',
      images: 2,
    });
  });

  it('defaults the model: gpt-image-1 for edits, dall-e-2 for variations', () => {
    expect(readImageForm('images/edits', form([image(), field('prompt', 'x')]), CONTENT_TYPE)).toEqual({ model: 'gpt-image-1', image: {}, prompt: 'x', images: 1 });
    expect(readImageForm('images/variations', form([image()]), CONTENT_TYPE)).toEqual({ model: 'dall-e-2', image: {}, images: 1 });
  });

  it('leaves a file named like a field alone: a file called model is not the model', () => {
    const body = form([image(), { name: 'model', file: Buffer.from('dall-e-3') }, field('prompt', 'x')]);
    expect(readImageForm('images/edits', body, CONTENT_TYPE).model).toBe('gpt-image-1');
  });

  it.each<[string, 'images/edits' | 'images/variations', Part[], string, string]>([
    ['no image', 'images/edits', [field('prompt', 'x')], 'image', 'image is required: send the images as a file in the image field'],
    ['an empty image', 'images/variations', [{ name: 'image', file: Buffer.alloc(0) }], 'image', 'image is required: send the image as a file in the image field'],
    ['only a mask', 'images/edits', [image('mask'), field('prompt', 'x')], 'image', 'image is required: send the images as a file in the image field'],
    ['two images for a variation', 'images/variations', [image(), image()], 'image', 'a variation takes one image'],
    ['no prompt', 'images/edits', [image()], 'prompt', 'field prompt is required'],
    ['a blank prompt', 'images/edits', [image(), field('prompt', '  ')], 'prompt', 'field prompt is required'],
    ['n of 0', 'images/variations', [image(), field('n', '0')], 'n', 'n must be a whole number from 1 to 10'],
    ['n of 11', 'images/variations', [image(), field('n', '11')], 'n', 'n must be a whole number from 1 to 10'],
    ['n not a number', 'images/variations', [image(), field('n', 'two')], 'n', 'n must be a whole number from 1 to 10'],
    ['n fractional', 'images/variations', [image(), field('n', '1.5')], 'n', 'n must be a whole number from 1 to 10'],
    ['a dall-e-2 size it does not take', 'images/variations', [image(), field('size', '1792x1024')], 'size', 'size must be one of 256x256, 512x512, 1024x1024 for dall-e-2'],
    ['a gpt-image size it does not take', 'images/edits', [image(), field('prompt', 'x'), field('size', '256x256')], 'size', 'size must be one of 1024x1024, 1536x1024, 1024x1536, auto for gpt-image-1'],
    ['a size with the multiplication sign', 'images/variations', [image(), field('size', '256×256')], 'size', 'size must use the letter x, as in 1024x1024'],
    ['a size of another model that is no size', 'images/edits', [image(), field('prompt', 'x'), field('model', 'flux-kontext'), field('size', 'big')], 'size', 'size must be WIDTHxHEIGHT, as in 1024x1024, or auto'],
    ['a quality that is no word', 'images/edits', [image(), field('prompt', 'x'), field('quality', 'very high')], 'quality', 'quality must be a word such as standard, low, medium, high or auto'],
  ])('refuses %s (400 naming the field)', (_, endpoint, parts, param, message) => {
    expect(refusal(() => readImageForm(endpoint, form(parts), CONTENT_TYPE))).toEqual({ message, param, status: 400 });
  });

  it('takes any WxH of a model it does not know the sizes of', () => {
    const body = form([image(), field('prompt', 'x'), field('model', 'flux-kontext'), field('size', '800x600')]);
    expect(readImageForm('images/edits', body, CONTENT_TYPE).image).toEqual({ size: '800x600' });
  });

  it('refuses a body that is not multipart (415) and a malformed form (400)', () => {
    expect(() => readImageForm('images/edits', Buffer.from('{"prompt":"x"}'), 'application/json')).toThrow(UnsupportedMediaTypeError);
    expect(() => readImageForm('images/edits', Buffer.from('x'), undefined)).toThrow(UnsupportedMediaTypeError);
    const cut = form([image(), field('prompt', 'x')]).subarray(0, 60);
    expect(refusal(() => readImageForm('images/edits', cut, CONTENT_TYPE))).toMatchObject({ status: 400, message: expect.stringMatching(/multipart/) });
  });
});

describe('an image edit or variation as the pipeline reads it', () => {
  it('is metered as an image with its billable parameters, the body kept as the same buffer', () => {
    const body = form([image(), image('mask'), field('prompt', 'add a TEST word'), field('n', '3'), field('size', '1024x1024'), field('model', 'dall-e-2')]);
    const parsed = parseOpenAIRequest('images/edits', body, CONTENT_TYPE);
    expect(parsed.body).toBe(body);
    expect(parsed.summary).toMatchObject({ model: 'dall-e-2', upstreamModel: 'dall-e-2', stream: false, metering: 'image', image: { n: 3, size: '1024x1024' } });
    // The prompt is what the sensitive-word check reads.
    expect(parsed.summary.promptTexts()).toEqual(['add a TEST word']);
    expect(parseOpenAIRequest('images/variations', form([image()]), CONTENT_TYPE).summary.promptTexts()).toEqual([]);
  });

  it('is priced like a generation: price × size × n × QuotaPerUnit × GroupRatio', () => {
    const dalle2: ModelPricing = {
      model: 'dall-e-2', matchName: 'dall-e-2', usePrice: true, modelPrice: 0.02, modelRatio: 0, completionRatio: 1,
      completionRatioLocked: false, cacheRatio: 1, cacheCreationRatio: 1, cacheCreation1hRatio: 1, group: 'default',
      groupRatio: 1, quotaPerUnit: 500_000, unsetModel: false,
    };
    const variation = parseOpenAIRequest('images/variations', form([image(), field('n', '2'), field('size', '512x512')]), CONTENT_TYPE);
    // 0.02 × 0.45 (512²) × 2 × 500000 = 9000
    expect(imageQuota(dalle2, variation.summary.image ?? {})).toBe(9000);
  });
});
