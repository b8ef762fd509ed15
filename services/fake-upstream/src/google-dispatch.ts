// Google's side of answering a request (the Gemini API, Vertex AI and the OAuth token endpoint):
// programmed errors and misprogramming in the right shape per path, the credential checks, and
// the responder of each method.
import { anthropicErrorOf, anthropicKindForStatus, sendAnthropicError, sendAnthropicKind } from './anthropic-errors';
import type { Received } from './dispatch';
import type { Exchange } from './exchange';
import { googleApiKeyOf } from './google-credentials';
import {
  API_KEY_INVALID,
  UNAUTHENTICATED,
  UNREGISTERED_CALLER,
  googleErrorOf,
  invalidArgument,
  sendGoogleError,
} from './google-errors';
import {
  type GeminiCall,
  respondBatchEmbedContents,
  respondCountTokens,
  respondEmbedContent,
  respondGenerateContent,
} from './responders/gemini';
import { respondGeminiModel, respondGeminiModels } from './responders/gemini-models';
import { respondGoogleToken, sendOAuthError, sendProgrammedOAuthError } from './responders/google-token';
import { respondVertexClaude, respondVertexGemini, vertexAuthOk } from './responders/vertex';

/** Google's providers: the Gemini API, Vertex AI, the OAuth token endpoint. */
export type GoogleProvider = 'gemini' | 'vertex' | 'google-oauth';

/** The API version of a Google path (`GET /v1/models…` is OpenAI's path, hence `v1`). */
const googleVersion = (r: Received): string => r.route?.google?.version ?? 'v1';

const isClaudeOnVertex = (r: Received): boolean => r.route?.google?.publisher === 'anthropic';

/**
 * A programmed error on Vertex AI: Google's shape for Gemini; for Claude, Anthropic's, but for what
 * Vertex's own front answers (authentication, 401, and quota, 429) in Google's.
 */
function sendVertexError(r: Received, model: string): void {
  const b = r.behaviour;
  const g = r.route!.google!;
  const resource = `projects/${g.project}/locations/${g.location}/publishers/${g.publisher}/models/${model}`;
  if (isClaudeOnVertex(r)) {
    const kind = b.error ?? anthropicKindForStatus(b.status!);
    const status = b.status ?? anthropicErrorOf(kind, model).status;
    if (kind === 'invalid_api_key' || status === 401) {
      return sendGoogleError(r.res, b.errorMessage === undefined ? UNAUTHENTICATED : { ...UNAUTHENTICATED, message: b.errorMessage });
    }
    if (status === 429) {
      const message =
        b.errorMessage ??
        `Quota exceeded for aiplatform.googleapis.com/online_prediction_input_tokens_per_minute_per_base_model with base model: anthropic-${model}. Please submit a quota increase request. https://cloud.google.com/vertex-ai/docs/generative-ai/quotas-genai.`;
      return sendGoogleError(r.res, { code: 429, status: 'RESOURCE_EXHAUSTED', message });
    }
    return sendAnthropicKind(r.res, kind, model, r.uid, b.status, b.errorMessage);
  }
  sendGoogleError(r.res, googleErrorOf(b.error, b.status, 'vertex', resource, g.version, b.errorMessage));
}

/** Sends the programmed error of a Google path in its shape. */
export function sendGoogleProgrammedError(r: Received, provider: GoogleProvider, model: string): void {
  const b = r.behaviour;
  if (provider === 'google-oauth') return sendProgrammedOAuthError(r.res, b);
  if (provider === 'vertex') return sendVertexError(r, model);
  sendGoogleError(r.res, googleErrorOf(b.error, b.status, 'gemini', model, googleVersion(r), b.errorMessage));
}

/** Answers a misprogramming (`message`) with 400 in the shape of the Google path. */
export function sendGoogleMisprogrammed(r: Received, provider: GoogleProvider, message: string): void {
  if (provider === 'google-oauth') return sendOAuthError(r.res, { status: 400, error: 'invalid_request', description: message });
  if (isClaudeOnVertex(r)) return sendAnthropicError(r.res, 400, 'invalid_request_error', message, r.uid);
  sendGoogleError(r.res, invalidArgument(message));
}

/** Answers a Google path once no programmed outcome applies. */
export function respondGoogle(x: Exchange, r: Received, provider: GoogleProvider): void {
  if (provider === 'google-oauth') return respondGoogleToken(x, r.google);
  if (provider === 'gemini') return respondGemini(x, r);
  if (!vertexAuthOk(x, r.google)) return;
  if (isClaudeOnVertex(r)) return respondVertexClaude(x, r.bodyProblem);
  respondVertexGemini(x, { surface: 'vertex', version: googleVersion(r), bodyProblem: r.bodyProblem });
}

/** The Gemini API: a known key (`x-goog-api-key` or `?key=`), then the method. */
function respondGemini(x: Exchange, r: Received): void {
  const key = googleApiKeyOf(r.req);
  if (key === undefined || key === '') return sendGoogleError(x.res, UNREGISTERED_CALLER);
  if (!r.google.hasApiKey(key)) return sendGoogleError(x.res, API_KEY_INVALID);
  const call: GeminiCall = { surface: 'gemini', version: googleVersion(r), bodyProblem: r.bodyProblem };
  switch (x.endpoint) {
    case 'gemini-generate':
    case 'gemini-stream':
      return respondGenerateContent(x, call);
    case 'gemini-count-tokens':
      return respondCountTokens(x, call);
    case 'gemini-embed':
      return respondEmbedContent(x, call);
    case 'gemini-batch-embed':
      return respondBatchEmbedContents(x, call);
    case 'model':
      return respondGeminiModel(x, r.geminiModels, call.version);
    default:
      return respondGeminiModels(x, r.geminiModels);
  }
}
