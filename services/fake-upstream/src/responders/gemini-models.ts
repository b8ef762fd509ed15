// The Gemini API's model list (paged with `pageSize` / `pageToken`) and model lookup.
import type { Exchange } from '../exchange';
import { invalidArgument, sendGoogleError } from '../google-errors';
import { sendJson } from '../reply';
import { displayName } from './anthropic-models';

/** The models Gemini's `GET /models` lists unless the server is started with its own. */
export const DEFAULT_GEMINI_MODELS: readonly string[] = [
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'gemini-2.5-flash-image',
  'gemini-2.0-flash',
  'gemini-embedding-001',
  'text-embedding-004',
];

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

const isEmbedding = (id: string): boolean => id.includes('embedding');

/** One Model resource. */
export function geminiModel(id: string): Record<string, unknown> {
  if (isEmbedding(id)) {
    return {
      name: `models/${id}`,
      version: '001',
      displayName: displayName(id),
      description: `${displayName(id)} (fake upstream)`,
      inputTokenLimit: 2048,
      outputTokenLimit: 1,
      supportedGenerationMethods: ['embedContent', 'batchEmbedContents', 'countTokens'],
    };
  }
  return {
    name: `models/${id}`,
    version: '001',
    displayName: displayName(id),
    description: `${displayName(id)} (fake upstream)`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
    temperature: 1,
    topP: 0.95,
    topK: 64,
    maxTemperature: 2,
    thinking: id.startsWith('gemini-2.5'),
  };
}

const queryOf = (x: Exchange): URLSearchParams => {
  const url = x.req.url ?? '';
  const q = url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
};

// Page tokens are opaque to clients: the offset of the page, encoded.
const pageToken = (offset: number): string => Buffer.from(`offset:${offset}`).toString('base64url');
const offsetOf = (token: string): number | undefined => {
  const m = /^offset:(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m === null ? undefined : Number(m[1]);
};

/** `GET /{v1,v1beta}/models`: `{models, nextPageToken?}`. */
export function respondGeminiModels(x: Exchange, models: readonly string[]): void {
  const query = queryOf(x);
  const sizeText = query.get('pageSize');
  const size = sizeText === null || sizeText === '' ? DEFAULT_PAGE_SIZE : Number(sizeText);
  if (!Number.isInteger(size) || size < 0) return sendGoogleError(x.res, invalidArgument('Invalid page size.'));
  const token = query.get('pageToken');
  const offset = token === null || token === '' ? 0 : offsetOf(token);
  if (offset === undefined) return sendGoogleError(x.res, invalidArgument('Invalid page token.'));
  const end = offset + Math.min(size === 0 ? DEFAULT_PAGE_SIZE : size, MAX_PAGE_SIZE);
  const body: Record<string, unknown> = { models: models.slice(offset, end).map(geminiModel) };
  if (end < models.length) body.nextPageToken = pageToken(end);
  sendJson(x.res, x.status, body);
}

/** `GET /{v1,v1beta}/models/{model}`: the Model, or 404 NOT_FOUND. */
export function respondGeminiModel(x: Exchange, models: readonly string[], version: string): void {
  if (models.includes(x.model)) return sendJson(x.res, x.status, geminiModel(x.model));
  sendGoogleError(x.res, {
    code: 404,
    status: 'NOT_FOUND',
    message: `models/${x.model} is not found for API version ${version}, or is not supported for get. Call ListModels to see the list of available models and their supported methods.`,
  });
}
