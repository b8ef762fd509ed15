// Vertex AI: Gemini (`publishers/google/models/{m}:generateContent|streamGenerateContent|
// countTokens|embedContent|predict`) and Claude (`publishers/anthropic/models/{m}:rawPredict|
// streamRawPredict`, `count-tokens:rawPredict`), each behind an OAuth access token the fake's
// token endpoint issued.
import { anthropicRequestId, sendAnthropicError } from '../anthropic-errors';
import { anthropicMessage, estimateAnthropicInput } from '../anthropic-message';
import type { Exchange } from '../exchange';
import { isObject } from '../gemini-content';
import { type GoogleCredentials, bearerOf } from '../google-credentials';
import { INSUFFICIENT_SCOPES, UNAUTHENTICATED, invalidArgument, sendGoogleError } from '../google-errors';
import { sendJson } from '../reply';
import { estimateTokens } from '../usage';
import { messagesBodyProblem, planOrFail, streamAnthropic } from './anthropic-messages';
import { DEFAULT_DIMENSIONS, vectorOf } from './embeddings';
import {
  type GeminiCall,
  MAX_GEMINI_DIMENSIONS,
  respondCountTokens,
  respondEmbedContent,
  respondGenerateContent,
} from './gemini';

/** Claude on Vertex AI's own `anthropic_version`. */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';
/**
 * The `anthropic_version`s Claude on Vertex AI accepts: its own, or a dated Anthropic API version
 * (`@anthropic-ai/vertex-sdk` 1.x copies its `anthropic-version` header, e.g. `2026-10-21`).
 */
const isVertexAnthropicVersion = (v: unknown): boolean =>
  v === VERTEX_ANTHROPIC_VERSION || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v));

/** The access-token check of every Vertex path; sends the refusal. */
export function vertexAuthOk(x: Exchange, google: GoogleCredentials): boolean {
  const token = bearerOf(x.req);
  const check = token === undefined ? 'unknown' : google.checkAccessToken(token);
  if (check === 'ok') return true;
  sendGoogleError(x.res, check === 'scope' ? INSUFFICIENT_SCOPES : UNAUTHENTICATED);
  return false;
}

/** Gemini on Vertex AI (after the token check). */
export function respondVertexGemini(x: Exchange, call: GeminiCall): void {
  const vertexCall: GeminiCall = { ...call, extra: { createTime: new Date().toISOString() } };
  switch (x.endpoint) {
    case 'gemini-generate':
    case 'gemini-stream':
      return respondGenerateContent(x, vertexCall);
    case 'gemini-count-tokens':
      return respondCountTokens(x, vertexCall);
    case 'gemini-embed':
      return respondEmbedContent(x, vertexCall);
    default:
      return respondVertexPredict(x, call);
  }
}

/** `:predict` of a text-embedding model: `{predictions: [{embeddings: {values, statistics}}], metadata}`. */
function respondVertexPredict(x: Exchange, call: GeminiCall): void {
  if (call.bodyProblem !== undefined) return sendGoogleError(x.res, invalidArgument('Invalid JSON payload received.'));
  const { instances, parameters } = x.body;
  if (!Array.isArray(instances) || instances.length === 0) {
    return sendGoogleError(x.res, invalidArgument('instances must not be empty.'));
  }
  const size = isObject(parameters) && parameters.outputDimensionality !== undefined ? parameters.outputDimensionality : DEFAULT_DIMENSIONS;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_GEMINI_DIMENSIONS) {
    return sendGoogleError(x.res, invalidArgument(`outputDimensionality must be an integer from 1 to ${MAX_GEMINI_DIMENSIONS}.`));
  }
  const values = vectorOf(size).floats;
  let characters = 0;
  const predictions = instances.map((instance: unknown) => {
    const content = isObject(instance) ? instance.content : undefined;
    const text = typeof content === 'string' ? content : JSON.stringify(content ?? '');
    characters += text.length;
    return { embeddings: { values, statistics: { truncated: false, token_count: estimateTokens(text) } } };
  });
  sendJson(x.res, x.status, { predictions, metadata: { billableCharacterCount: characters } });
}

/** Claude's body on Vertex: Anthropic's Messages body with `anthropic_version` and without `model`. */
function vertexClaudeProblem(body: Record<string, unknown>, model: string, generating: boolean): string | undefined {
  if (body.anthropic_version === undefined) return 'anthropic_version: Field required';
  if (!isVertexAnthropicVersion(body.anthropic_version)) {
    return `anthropic_version: Input should be '${VERTEX_ANTHROPIC_VERSION}'`;
  }
  if (generating && 'model' in body) return 'model: Extra inputs are not permitted';
  return messagesBodyProblem({ ...body, model }, generating);
}

/** Claude on Vertex AI: `:rawPredict` (a Message), `:streamRawPredict` (its SSE events), token counting. */
export function respondVertexClaude(x: Exchange, bodyProblem: string | undefined): void {
  const invalid = (message: string): void => sendAnthropicError(x.res, 400, 'invalid_request_error', message, x.uid);
  if (bodyProblem !== undefined) return invalid('The request body is not valid JSON.');
  const counting = x.endpoint === 'vertex-count-tokens';
  const problem = vertexClaudeProblem(x.body, x.model, !counting);
  if (problem !== undefined) return invalid(problem);
  x.res.setHeader('request-id', anthropicRequestId(x.uid));
  if (counting) return sendJson(x.res, x.status, { input_tokens: x.behaviour.promptTokens ?? estimateAnthropicInput(x.body) });
  const plan = planOrFail(x, x.model, 'msg_vrtx_', invalid);
  if (plan === undefined) return;
  if (!x.stream) return sendJson(x.res, x.status, anthropicMessage(plan));
  streamAnthropic(x, plan);
}
