// Answers one request whose body has been read: programmed outcomes first (a cut connection, a
// verbatim body, a provider error), then request checks, then the endpoint's responder. Errors
// take the shape of the provider the path belongs to (OpenAI, Anthropic, Bedrock or Google).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { anthropicErrorOf, anthropicKindForStatus, sendAnthropicError, sendAnthropicKind } from './anthropic-errors';
import type { AwsKeys } from './aws-signature';
import { bedrockException, sendBedrockError } from './bedrock-errors';
import { apiKeyOf } from './credentials';
import type { Exchange, Provider } from './exchange';
import { errorKindForStatus, invalidRequest, providerError } from './errors';
import { type GoogleCredentials, googleApiKeyOf } from './google-credentials';
import {
  API_KEY_INVALID,
  UNAUTHENTICATED,
  UNREGISTERED_CALLER,
  googleErrorOf,
  invalidArgument,
  sendGoogleError,
} from './google-errors';
import { sendBody, sendJson } from './reply';
import { respondAnthropicCountTokens, respondAnthropicMessages } from './responders/anthropic-messages';
import { respondAnthropicModel, respondAnthropicModels } from './responders/anthropic-models';
import { respondSpeech, respondTranscription } from './responders/audio';
import { respondBedrock } from './responders/bedrock';
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
import { hasChatExtras, respondChatExtras } from './responders/chat-extras';
import { respondEmbeddings } from './responders/embeddings';
import { respondBillingSubscription, respondBillingUsage, respondUserBalance, respondUserInfo } from './responders/balance';
import { respondImages, respondModel, respondModels, respondModerations, respondRerank } from './responders/misc';
import { respondChat, respondCompletions } from './responders/text';
import { ALWAYS_STREAMING, DEFAULT_MODEL_OF, MAY_STREAM, MODEL_FREE_ENDPOINTS, type Route } from './routes';
import type { FakeBehaviour, FakeRequest } from './types';

export { apiKeyOf } from './credentials';

/** Everything known about a request once its body is read. */
export interface Received {
  readonly res: ServerResponse;
  readonly method: string;
  readonly path: string;
  /** The request (its `headers` are only read when needed: building them costs). */
  readonly req: IncomingMessage;
  readonly route: Route | undefined;
  /** The raw body (Bedrock's signature covers it). */
  readonly raw: Buffer;
  /** The parsed JSON object or multipart fields (`{}` otherwise). */
  readonly fields: Record<string, unknown>;
  /** Why the body could not be read as the endpoint expects, if it could not. */
  readonly bodyProblem: string | undefined;
  /** A malformed programming header or a failing rule, answered with 400. */
  readonly programProblem: string | undefined;
  readonly behaviour: FakeBehaviour;
  readonly record: FakeRequest | undefined;
  readonly uid: string;
  readonly models: readonly string[];
  readonly anthropicModels: readonly string[];
  readonly aws: AwsKeys;
  readonly google: GoogleCredentials;
  readonly geminiModels: readonly string[];
}

/**
 * The model a request names, else the one its path names (always the path's on Bedrock and Google,
 * but for Claude's token counting on Vertex, which names it in the body).
 */
export function modelOf(fields: Record<string, unknown>, route: Route | undefined): string | undefined {
  const provider = route?.provider;
  if (provider === 'bedrock' || provider === 'gemini' || provider === 'vertex') {
    return route!.pathModel ?? (typeof fields.model === 'string' ? fields.model : undefined);
  }
  return typeof fields.model === 'string' ? fields.model : (route?.deployment ?? route?.pathModel);
}

/**
 * Whose shapes the answer takes: the path's provider; `/v1/models` is Anthropic's when asked with
 * `anthropic-version`, Gemini's when asked with a Google API key.
 */
function providerOf(r: Received): Provider {
  const route = r.route;
  if (route === undefined) return 'openai';
  if (route.provider !== undefined) return route.provider;
  if (route.endpoint === 'models' || route.endpoint === 'model') {
    if (r.req.headers['anthropic-version'] !== undefined) return 'anthropic';
    if (r.req.headers['x-goog-api-key'] !== undefined || /[?&]key=/.test(r.req.url ?? '')) return 'gemini';
  }
  return 'openai';
}

/** The API version of a Google path (`GET /v1/models…` is OpenAI's path, hence `v1`). */
const googleVersion = (r: Received): string => r.route?.google?.version ?? 'v1';

function cut(r: Received): void {
  if (r.record !== undefined) r.record.outcome = 'cut';
  r.res.socket?.destroy();
}

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

/** Sends the programmed error (`b.error`, else the kind of `b.status`) in `provider`'s shape. */
function sendProgrammedError(r: Received, provider: Provider, model: string | undefined): void {
  const b = r.behaviour;
  switch (provider) {
    case 'anthropic': {
      const kind = b.error ?? anthropicKindForStatus(b.status!);
      return sendAnthropicKind(r.res, kind, model ?? 'unknown', r.uid, b.status, b.errorMessage);
    }
    case 'bedrock':
      return sendBedrockError(r.res, bedrockException(b.error, b.status, b.errorMessage), randomUUID());
    case 'gemini':
      return sendGoogleError(r.res, googleErrorOf(b.error, b.status, 'gemini', model ?? 'unknown', googleVersion(r), b.errorMessage));
    case 'vertex':
      return sendVertexError(r, model ?? 'unknown');
    case 'google-oauth':
      return sendProgrammedOAuthError(r.res, b);
    case 'openai': {
      const kind = b.error ?? errorKindForStatus(b.status!);
      const error = providerError(kind, model ?? 'unknown', apiKeyOf(r.req.headers), b.status, b.errorMessage);
      return sendJson(r.res, error.status, error.body);
    }
  }
}

/** Answers a misprogramming (bad `x-fake-*` header, throwing rule) with 400 in `provider`'s shape. */
function sendMisprogrammed(r: Received, provider: Provider): void {
  const message = `fake-upstream: ${r.programProblem}`;
  if (provider === 'anthropic') return sendAnthropicError(r.res, 400, 'invalid_request_error', message, r.uid);
  if (provider === 'bedrock') return sendBedrockError(r.res, bedrockException('bad_request', 400, message), randomUUID());
  if (provider === 'gemini' || (provider === 'vertex' && !isClaudeOnVertex(r))) {
    return sendGoogleError(r.res, invalidArgument(message));
  }
  if (provider === 'vertex') return sendAnthropicError(r.res, 400, 'invalid_request_error', message, r.uid);
  if (provider === 'google-oauth') return sendOAuthError(r.res, { status: 400, error: 'invalid_request', description: message });
  sendJson(r.res, 400, invalidRequest(message, null, 'fake_upstream_misprogrammed'));
}

/** Answers the request `r` as programmed. */
export function answer(r: Received): void {
  const { res, behaviour: b, route, fields } = r;
  const provider = providerOf(r);
  if (r.programProblem !== undefined) return sendMisprogrammed(r, provider);
  const stream =
    route !== undefined &&
    ((MAY_STREAM.has(route.endpoint) && fields.stream === true) || ALWAYS_STREAMING.has(route.endpoint));
  if (b.disconnectAfter !== undefined && !stream) return cut(r);
  if (b.headers !== undefined) for (const name in b.headers) res.setHeader(name, b.headers[name]!);
  const model = modelOf(fields, route) ?? (route === undefined ? undefined : DEFAULT_MODEL_OF[route.endpoint]);
  if (b.body !== undefined) {
    const text = typeof b.body === 'string' ? b.body : JSON.stringify(b.body);
    sendBody(res, b.status ?? 200, text, b.contentType ?? 'application/json');
    return;
  }
  // With `streamErrorAfter`, a stream's programmed error comes mid-stream instead.
  const deferred = stream && b.streamErrorAfter !== undefined;
  if ((b.error !== undefined || (b.status !== undefined && b.status >= 400)) && !deferred) {
    return sendProgrammedError(r, provider, model);
  }
  if (route === undefined) {
    sendJson(res, 404, invalidRequest(`Invalid URL (${r.method} ${r.path})`));
    return;
  }
  const x: Exchange = {
    res,
    req: r.req,
    endpoint: route.endpoint,
    body: fields,
    model: model ?? '',
    stream,
    includeUsage: stream && (fields.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true,
    behaviour: b,
    record: r.record,
    uid: r.uid,
    created: Math.floor(Date.now() / 1000),
    status: b.status !== undefined && b.status < 400 ? b.status : 200,
  };
  if (provider !== 'openai') return respondOther(x, r, provider);
  if (route.deployment !== undefined && !hasApiVersion(r.req)) {
    sendJson(res, 404, { error: { code: '404', message: 'Resource not found' } });
    return;
  }
  if (r.bodyProblem !== undefined) {
    sendJson(res, 400, invalidRequest(r.bodyProblem));
    return;
  }
  if (model === undefined && !MODEL_FREE_ENDPOINTS.has(route.endpoint)) {
    sendJson(res, 400, invalidRequest('you must provide a model parameter', 'model', 'missing_required_parameter'));
    return;
  }
  respond(x, r.models);
}

// Azure answers 404 to a deployment path without `api-version`.
const hasApiVersion = (req: IncomingMessage): boolean => /[?&]api-version=[^&]/.test(req.url ?? '');

/** Anthropic's, Bedrock's and Google's endpoints, which check requests their own way. */
function respondOther(x: Exchange, r: Received, provider: Provider): void {
  if (provider === 'gemini') return respondGemini(x, r);
  if (provider === 'google-oauth') return respondGoogleToken(x, r.google);
  if (provider === 'vertex') {
    if (!vertexAuthOk(x, r.google)) return;
    if (isClaudeOnVertex(r)) return respondVertexClaude(x, r.bodyProblem);
    return respondVertexGemini(x, { surface: 'vertex', version: googleVersion(r), bodyProblem: r.bodyProblem });
  }
  if (provider === 'bedrock') {
    // Checking the signature is asynchronous; a failure of the fake itself answers as Bedrock would.
    respondBedrock(x, r.raw, r.aws, r.bodyProblem).catch((error: unknown) => {
      if (x.res.headersSent) return void x.res.destroy();
      const message = `fake-upstream: ${error instanceof Error ? error.message : String(error)}`;
      sendBedrockError(x.res, bedrockException('server_error', 500, message), randomUUID());
    });
    return;
  }
  if (r.bodyProblem !== undefined && x.endpoint !== 'models' && x.endpoint !== 'model') {
    sendAnthropicError(x.res, 400, 'invalid_request_error', 'The request body is not valid JSON.', x.uid);
    return;
  }
  switch (x.endpoint) {
    case 'anthropic-messages':
      return respondAnthropicMessages(x);
    case 'anthropic-count-tokens':
      return respondAnthropicCountTokens(x);
    case 'model':
      return respondAnthropicModel(x, r.anthropicModels);
    default:
      return respondAnthropicModels(x, r.anthropicModels);
  }
}

function respond(x: Exchange, models: readonly string[]): void {
  switch (x.endpoint) {
    case 'chat':
      return hasChatExtras(x.behaviour) ? respondChatExtras(x) : respondChat(x);
    case 'completions':
      return respondCompletions(x);
    case 'embeddings':
      return respondEmbeddings(x);
    case 'moderations':
      return respondModerations(x);
    case 'images':
      return respondImages(x);
    case 'speech':
      return respondSpeech(x);
    case 'transcriptions':
    case 'translations':
      return respondTranscription(x);
    case 'rerank':
      return respondRerank(x);
    case 'models':
      return respondModels(x, models);
    case 'model':
      return respondModel(x, models);
    case 'billing-subscription':
      return respondBillingSubscription(x);
    case 'billing-usage':
      return respondBillingUsage(x);
    case 'user-info':
      return respondUserInfo(x);
    case 'user-balance':
      return respondUserBalance(x);
    default:
      return;
  }
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
