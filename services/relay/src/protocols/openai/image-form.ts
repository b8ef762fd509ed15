import type { ImageRequest } from '@modelgate/pricing';
import { ValidationError } from '@modelgate/runtime';
import { UnsupportedMediaTypeError } from '../json-body';
import { type MultipartPart, multipartParts } from './multipart';
import { keyword } from './request-fields';

/**
 * The multipart form of an image edit (`/v1/images/edits`) or variation (`/v1/images/variations`),
 * read in place: the images and mask stay byte ranges of the body, and only the short text fields
 * billing and routing need are decoded.
 */

export type ImageUploadEndpoint = 'images/edits' | 'images/variations';

/** The model an edit or variation names none of: OpenAI's image model of that endpoint. */
export const DEFAULT_IMAGE_UPLOAD_MODEL: Readonly<Record<ImageUploadEndpoint, string>> = {
  'images/edits': 'gpt-image-1',
  'images/variations': 'dall-e-2',
};

/** Most images one request may ask for (OpenAI's limit for edits and variations). */
export const MAX_IMAGES_PER_REQUEST = 10;

/** The sizes each OpenAI image model takes for edits and variations; other models take any `WxH` or `auto`. */
const MODEL_SIZES: ReadonlyArray<{ readonly model: RegExp; readonly sizes: readonly string[] }> = [
  { model: /^dall-e-2$/, sizes: ['256x256', '512x512', '1024x1024'] },
  { model: /^gpt-image-/, sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'] },
];

const SIZE = /^(?:\d{1,5}x\d{1,5}|auto)$/;
const WHOLE_NUMBER = /^\d{1,3}$/;

/** What the gateway reads of an image edit or variation. */
export interface ImageForm {
  readonly model: string;
  /** The billable parameters. */
  readonly image: ImageRequest;
  /** The edit's prompt (for the sensitive-word check); variations have none. */
  readonly prompt?: string;
  /** How many image files the form carries (`image` or `image[]`). */
  readonly images: number;
}

function invalid(message: string, param: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request', details: { param } });
}

/** The text fields of a form (a part without a filename); the first value of each name counts. */
function textFields(body: Buffer, parts: readonly MultipartPart[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of parts) {
    if (part.name === undefined || part.filename !== undefined || fields.has(part.name)) continue;
    fields.set(part.name, body.toString('utf8', part.start, part.end));
  }
  return fields;
}

/** `n` as a whole number from 1 to {@link MAX_IMAGES_PER_REQUEST}; undefined when not sent. */
function countOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const n = WHOLE_NUMBER.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= MAX_IMAGES_PER_REQUEST)) {
    throw invalid(`n must be a whole number from 1 to ${MAX_IMAGES_PER_REQUEST}`, 'n');
  }
  return n;
}

/** `size`, checked against the sizes the model takes; undefined when not sent. */
function sizeOf(value: string | undefined, model: string): string | undefined {
  if (value === undefined) return undefined;
  const size = value.trim();
  if (size.includes('×')) throw invalid('size must use the letter x, as in 1024x1024', 'size');
  const known = MODEL_SIZES.find((entry) => entry.model.test(model))?.sizes;
  if (known ? !known.includes(size) : !SIZE.test(size)) {
    const allowed = known ? `one of ${known.join(', ')} for ${model}` : 'WIDTHxHEIGHT, as in 1024x1024, or auto';
    throw invalid(`size must be ${allowed}`, 'size');
  }
  return size;
}

function qualityOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const quality = keyword(value.trim());
  if (quality === undefined) throw invalid('quality must be a word such as standard, low, medium, high or auto', 'quality');
  return quality;
}

/** The image files of the form: `image` (and `image[]`, as the SDKs send several) for edits, `image` for variations. */
function imageParts(endpoint: ImageUploadEndpoint, parts: readonly MultipartPart[]): MultipartPart[] {
  const names = endpoint === 'images/edits' ? ['image', 'image[]'] : ['image'];
  return parts.filter((part) => part.name !== undefined && names.includes(part.name));
}

/**
 * Reads and checks an image edit or variation: a `multipart/form-data` body (else 415) with at
 * least one non-empty `image` file (one for a variation), a `prompt` for an edit, `n` from 1 to 10,
 * a `size` the model takes and a one-word `quality`; each failure is a 400 naming its field.
 */
export function readImageForm(endpoint: ImageUploadEndpoint, body: Buffer, contentType: string | undefined): ImageForm {
  const parts = multipartParts(body, contentType);
  if (!parts) {
    if (!contentType || !/^\s*multipart\/form-data\b/i.test(contentType)) {
      throw new UnsupportedMediaTypeError(`${endpoint} takes a multipart/form-data body`);
    }
    throw new ValidationError('Invalid request, the body is not a well-formed multipart/form-data form', { code: 'invalid_request' });
  }
  const images = imageParts(endpoint, parts);
  if (images.length === 0 || images.some((part) => part.end <= part.start)) {
    throw invalid(`image is required: send the image${endpoint === 'images/edits' ? 's' : ''} as a file in the image field`, 'image');
  }
  if (endpoint === 'images/variations' && images.length > 1) throw invalid('a variation takes one image', 'image');
  const fields = textFields(body, parts);
  const prompt = fields.get('prompt')?.trim();
  if (endpoint === 'images/edits' && !prompt) throw invalid('field prompt is required', 'prompt');
  const model = fields.get('model')?.trim() || DEFAULT_IMAGE_UPLOAD_MODEL[endpoint];
  const n = countOf(fields.get('n'));
  const size = sizeOf(fields.get('size'), model);
  const quality = qualityOf(fields.get('quality'));
  return {
    model,
    image: {
      ...(size === undefined ? {} : { size }),
      ...(quality === undefined ? {} : { quality }),
      ...(n === undefined ? {} : { n }),
    },
    ...(prompt ? { prompt } : {}),
    images: images.length,
  };
}
