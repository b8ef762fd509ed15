import { ValidationError } from '@modelgate/runtime';
import type { ListModelsResponse, Model } from './wire';

/**
 * The models a caller may use, in the Gemini API's shapes (`GET /v1beta/models`, `…/models/{id}`):
 * resource names `models/{id}`, the methods each takes, and Google's paging.
 */

/** Page size when the client names none, and the largest it may name (Google's values). */
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

/**
 * The methods a model takes. The gateway knows a model by name only, so an embedding model is
 * told by its name (`text-embedding-004`, `gemini-embedding-001`); every other generates.
 */
function methodsOf(id: string): string[] {
  return /embed/i.test(id) ? ['embedContent', 'batchEmbedContents', 'countTokens'] : ['generateContent', 'countTokens'];
}

/** One model as the Gemini API describes it. */
export function geminiModel(id: string): Model {
  return { name: `models/${id}`, baseModelId: id, version: '', displayName: id, supportedGenerationMethods: methodsOf(id) };
}

function invalid(message: string, param: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request', details: { param } });
}

/**
 * One page of the list: `pageSize` models (50 when not given, at most 1000) from `pageToken` on,
 * with the token of the next page while any are left.
 */
export function geminiModelPage(ids: readonly string[], query: string | undefined): ListModelsResponse {
  const params = new URLSearchParams(query ?? '');
  const sizeText = params.get('pageSize');
  const size = sizeText === null || sizeText === '' ? DEFAULT_PAGE_SIZE : Number(sizeText);
  if (!Number.isInteger(size) || size < 0) throw invalid('pageSize must be a non-negative integer', 'pageSize');
  const tokenText = params.get('pageToken') ?? '';
  const start = tokenText === '' ? 0 : Number(tokenText);
  if (!Number.isInteger(start) || start < 0 || start > ids.length) throw invalid('pageToken is not a token this list gave', 'pageToken');
  const end = start + Math.min(size === 0 ? DEFAULT_PAGE_SIZE : size, MAX_PAGE_SIZE);
  const page: ListModelsResponse = { models: ids.slice(start, end).map(geminiModel) };
  return end < ids.length ? { ...page, nextPageToken: String(end) } : page;
}
