// Gemini's model methods (the Gemini API's `/{v1,v1beta}/models/{model}:{method}`, and Gemini on
// Vertex AI): generateContent, streamGenerateContent (SSE with `alt=sse`, else a streamed JSON
// array), countTokens, embedContent and batchEmbedContents.
import type { Exchange } from '../exchange';
import {
  BadToolArguments,
  type GeminiPlan,
  UndeclaredFunction,
  estimateGeminiInput,
  generateBodyProblem,
  geminiChunks,
  isObject,
  geminiResponse,
  planGemini,
} from '../gemini-content';
import {
  type GoogleError,
  type GoogleSurface,
  googleErrorBody,
  googleErrorOf,
  invalidArgument,
  sendGoogleError,
} from '../google-errors';
import { sendJson } from '../reply';
import { SSE_HEADERS, sseData } from '../sse';
import { writeStream } from '../stream-writer';
import { DEFAULT_DIMENSIONS, vectorOf } from './embeddings';

/** What Gemini's responders need besides the exchange. */
export interface GeminiCall {
  readonly surface: GoogleSurface;
  /** The API version of the path (`v1`, `v1beta`, `v1beta1`). */
  readonly version: string;
  /** Why the body is not JSON, if it is not. */
  readonly bodyProblem: string | undefined;
  /** Fields Vertex adds to each GenerateContentResponse (`createTime`). */
  readonly extra?: Record<string, unknown>;
}

/** The most dimensions an embedding may ask for. */
export const MAX_GEMINI_DIMENSIONS = 3072;
const NOT_JSON = 'Invalid JSON payload received. Unexpected token.';

const invalid = (x: Exchange, message: string): void => sendGoogleError(x.res, invalidArgument(message));

/** The plan of `x`, or `undefined` after answering a misprogrammed tool call. */
function planOrFail(x: Exchange): GeminiPlan | undefined {
  try {
    return planGemini(x, x.model);
  } catch (error) {
    if (!(error instanceof BadToolArguments) && !(error instanceof UndeclaredFunction)) throw error;
    invalid(x, `fake-upstream: ${error.message}`);
    return undefined;
  }
}

/** The error a stream ends with under `streamErrorAfter` (default: the model is overloaded). */
function streamError(x: Exchange, call: GeminiCall): GoogleError {
  const b = x.behaviour;
  const status = b.status !== undefined && b.status >= 400 ? b.status : undefined;
  const kind = b.error ?? (status === undefined ? 'overloaded' : undefined);
  return googleErrorOf(kind, status, call.surface, x.model, call.version, b.errorMessage);
}

const wantsSse = (x: Exchange): boolean => /[?&]alt=sse(?:&|$)/.test(x.req.url ?? '');

/** `:generateContent` and `:streamGenerateContent`. */
export function respondGenerateContent(x: Exchange, call: GeminiCall): void {
  if (call.bodyProblem !== undefined) return invalid(x, NOT_JSON);
  const problem = generateBodyProblem(x.body);
  if (problem !== undefined) return invalid(x, problem);
  const plan = planOrFail(x);
  if (plan === undefined) return;
  if (!x.stream) return sendJson(x.res, x.status, geminiResponse(plan, call.extra));
  const { contents, tail } = geminiChunks(plan, call.extra);
  const withError = x.behaviour.streamErrorAfter;
  const errorBody = (): string => JSON.stringify(googleErrorBody(streamError(x, call)));
  if (wantsSse(x)) {
    writeStream(x, {
      headers: SSE_HEADERS,
      contents: contents.map((c) => sseData(JSON.stringify(c))),
      tail: [sseData(JSON.stringify(tail))],
      error: withError === undefined ? undefined : () => sseData(errorBody()),
    });
    return;
  }
  // Without `alt=sse`: one JSON array, written element by element.
  const sep = (i: number): string => (i === 0 ? '[' : '\n,');
  writeStream(x, {
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    contents: contents.map((c, i) => sep(i) + JSON.stringify(c)),
    tail: [`${sep(contents.length)}${JSON.stringify(tail)}]`],
    error:
      withError === undefined ? undefined : () => `${sep(Math.min(withError, contents.length))}${errorBody()}]`,
  });
}

/** `:countTokens`: the contents, or the whole `generateContentRequest` (Vertex adds billable characters). */
export function respondCountTokens(x: Exchange, call: GeminiCall): void {
  if (call.bodyProblem !== undefined) return invalid(x, NOT_JSON);
  const inner = x.body.generateContentRequest;
  const request = isObject(inner) ? inner : x.body;
  const problem = generateBodyProblem(request, isObject(inner) ? 'GenerateContentRequest' : 'CountTokensRequest');
  if (problem !== undefined) return invalid(x, problem);
  const estimate = estimateGeminiInput(request);
  const b = x.behaviour;
  const total = b.promptTokens ?? estimate.total;
  const images = Math.min(estimate.images, total);
  const details = [{ modality: 'TEXT', tokenCount: total - images }];
  if (images > 0) details.push({ modality: 'IMAGE', tokenCount: images });
  const answer: Record<string, unknown> = { totalTokens: total };
  if (call.surface === 'vertex') answer.totalBillableCharacters = estimate.characters;
  if (b.cachedTokens !== undefined) answer.cachedContentTokenCount = b.cachedTokens;
  answer.promptTokensDetails = details;
  sendJson(x.res, x.status, answer);
}

/** The vector of one EmbedContentRequest, or the problem with it. */
function embedOne(request: unknown, at: string): { values: number[] } | string {
  if (!isObject(request)) return `* ${at}: must be an object`;
  const content = request.content;
  if (!isObject(content) || !Array.isArray(content.parts) || content.parts.length === 0) {
    return `* ${at}.content: content is not specified`;
  }
  const size = request.outputDimensionality ?? DEFAULT_DIMENSIONS;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_GEMINI_DIMENSIONS) {
    return `* ${at}.output_dimensionality: must be an integer from 1 to ${MAX_GEMINI_DIMENSIONS}`;
  }
  return { values: vectorOf(size).floats };
}

/** `:embedContent` → `{embedding: {values}}`. */
export function respondEmbedContent(x: Exchange, call: GeminiCall): void {
  if (call.bodyProblem !== undefined) return invalid(x, NOT_JSON);
  const embedding = embedOne(x.body, 'EmbedContentRequest');
  if (typeof embedding === 'string') return invalid(x, `${embedding}\n`);
  sendJson(x.res, x.status, { embedding });
}

/** `:batchEmbedContents` → `{embeddings: [{values}, …]}`, one per request, each for the path's model. */
export function respondBatchEmbedContents(x: Exchange, call: GeminiCall): void {
  if (call.bodyProblem !== undefined) return invalid(x, NOT_JSON);
  const { requests } = x.body;
  if (!Array.isArray(requests) || requests.length === 0) {
    return invalid(x, '* BatchEmbedContentsRequest.requests: requests is not specified\n');
  }
  const embeddings: { values: number[] }[] = [];
  for (let i = 0; i < requests.length; i++) {
    const at = `BatchEmbedContentsRequest.requests[${i}]`;
    const model = isObject(requests[i]) ? (requests[i] as Record<string, unknown>).model : undefined;
    if (model !== `models/${x.model}`) {
      return invalid(x, `* ${at}.model: the model of each request must be the model of the URL, models/${x.model}\n`);
    }
    const embedding = embedOne(requests[i], at);
    if (typeof embedding === 'string') return invalid(x, `${embedding}\n`);
    embeddings.push(embedding);
  }
  sendJson(x.res, x.status, { embeddings });
}
