// Moderations, image generation, edits and variations, rerank and the model list.
import type { Exchange } from '../exchange';
import { invalidRequest, providerError } from '../errors';
import { sendJson } from '../reply';
import { estimateTokens, inputUsage } from '../usage';

/** The models `GET /v1/models` lists unless the server is started with its own list. */
export const DEFAULT_MODELS: readonly string[] = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-instruct',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'omni-moderation-latest',
  'dall-e-3',
  'tts-1',
  'whisper-1',
  'rerank-v1',
];

const MODEL_CREATED = 1_700_000_000;

const CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];
const CLEAN_RESULT = {
  flagged: false,
  categories: Object.fromEntries(CATEGORIES.map((c) => [c, false])),
  category_scores: Object.fromEntries(CATEGORIES.map((c) => [c, 0.0001])),
};

// A 1×1 transparent PNG.
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const missing = (x: Exchange, param: string): void =>
  sendJson(x.res, 400, invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter'));

/** `POST /v1/moderations`: nothing is ever flagged; one result per input. */
export function respondModerations(x: Exchange): void {
  const { input } = x.body;
  if (input === undefined || input === null || input === '') return missing(x, 'input');
  const count = Array.isArray(input) && input.length > 0 && typeof input[0] === 'string' ? input.length : 1;
  sendJson(x.res, x.status, { id: `modr-${x.uid}`, model: x.model, results: new Array(count).fill(CLEAN_RESULT) });
}

/** `POST /v1/images/generations`: `n` images as URLs or `b64_json`. */
export function respondImages(x: Exchange): void {
  const { prompt } = x.body;
  if (typeof prompt !== 'string' || prompt === '') return missing(x, 'prompt');
  sendImages(x, prompt);
}

/** Whether a multipart field holds one or more files. */
const hasFile = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(hasFile) : value !== null && typeof value === 'object' && 'size' in value;

/**
 * `POST /v1/images/edits` (multipart): one or more `image` files (also sent as `image[]`), an
 * optional `mask`, a `prompt`; answered like a generation.
 */
export function respondImageEdit(x: Exchange): void {
  const { prompt } = x.body;
  if (!hasFile(x.body.image) && !hasFile(x.body['image[]'])) return missing(x, 'image');
  if (typeof prompt !== 'string' || prompt === '') return missing(x, 'prompt');
  sendImages(x, prompt);
}

/** `POST /v1/images/variations` (multipart): one `image` file; answered like a generation, without a revised prompt. */
export function respondImageVariation(x: Exchange): void {
  if (!hasFile(x.body.image)) return missing(x, 'image');
  sendImages(x, undefined);
}

function sendImages(x: Exchange, prompt: string | undefined): void {
  const { n, response_format: format } = x.body;
  const count = n === undefined ? 1 : Number(n);
  if (!Number.isInteger(count) || count < 1 || count > 10) {
    sendJson(x.res, 400, invalidRequest(`Invalid 'n': must be an integer from 1 to 10.`, 'n'));
    return;
  }
  const revised = prompt === undefined ? {} : { revised_prompt: prompt };
  const data = [];
  for (let i = 0; i < count; i++) {
    data.push(
      format === 'b64_json'
        ? { b64_json: PNG_BASE64, ...revised }
        : { url: `https://fake-upstream.invalid/images/${x.uid}-${i}.png`, ...revised },
    );
  }
  sendJson(x.res, x.status, { created: x.created, data });
}

/** `POST /v1/rerank` (Jina/Cohere style): scores fall with the document's position. */
export function respondRerank(x: Exchange): void {
  const { query, documents, top_n: topN, return_documents: returnDocuments } = x.body;
  if (typeof query !== 'string' || query === '') return missing(x, 'query');
  if (!Array.isArray(documents) || documents.length === 0) return missing(x, 'documents');
  const limit = typeof topN === 'number' && topN > 0 ? Math.min(topN, documents.length) : documents.length;
  const results = [];
  for (let index = 0; index < limit; index++) {
    const doc: unknown = documents[index];
    const text = typeof doc === 'string' ? doc : (doc as { text?: unknown } | null)?.text;
    results.push(
      returnDocuments === false
        ? { index, relevance_score: 1 / (index + 2) }
        : { index, relevance_score: 1 / (index + 2), document: { text } },
    );
  }
  sendJson(x.res, x.status, {
    id: `rerank-${x.uid}`,
    model: x.model,
    results,
    usage: x.behaviour.usage === 'none' ? undefined : inputUsage(x.behaviour, estimateTokens(query, documents)),
  });
}

const modelObject = (id: string) => ({ id, object: 'model', created: MODEL_CREATED, owned_by: 'fake-upstream' });

/** `GET /v1/models`. */
export function respondModels(x: Exchange, models: readonly string[]): void {
  sendJson(x.res, x.status, { object: 'list', data: models.map(modelObject) });
}

/** `GET /v1/models/{model}`: 404 `model_not_found` for a model not in the list. */
export function respondModel(x: Exchange, models: readonly string[]): void {
  if (models.includes(x.model)) {
    sendJson(x.res, x.status, modelObject(x.model));
    return;
  }
  const { status, body } = providerError('model_not_found', x.model, undefined);
  sendJson(x.res, status, body);
}
