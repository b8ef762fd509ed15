// Answers one request whose body has been read: programmed outcomes first (a cut connection, a
// verbatim body, a provider error), then request checks, then the endpoint's responder. Errors
// take the shape of the provider the path belongs to (OpenAI, Anthropic, Bedrock or Google).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { anthropicKindForStatus, sendAnthropicError, sendAnthropicKind } from './anthropic-errors';
import type { AwsKeys } from './aws-signature';
import { bedrockException, sendBedrockError } from './bedrock-errors';
import { apiKeyOf } from './credentials';
import type { Exchange, Provider } from './exchange';
import { errorKindForStatus, invalidRequest, providerError } from './errors';
import type { GoogleCredentials } from './google-credentials';
import { respondGoogle, sendGoogleMisprogrammed, sendGoogleProgrammedError } from './google-dispatch';
import { dropConnection } from './listener';
import { sendBody, sendJson } from './reply';
import { respondAnthropicCountTokens, respondAnthropicMessages } from './responders/anthropic-messages';
import { respondAnthropicModel, respondAnthropicModels } from './responders/anthropic-models';
import { respondSpeech, respondTranscription } from './responders/audio';
import { respondBedrock } from './responders/bedrock';
import { hasChatExtras, respondChatExtras } from './responders/chat-extras';
import { respondEmbeddings } from './responders/embeddings';
import { respondBillingSubscription, respondBillingUsage, respondUserBalance, respondUserInfo } from './responders/balance';
import { respondImageEdit, respondImages, respondImageVariation, respondModel, respondModels, respondModerations, respondRerank } from './responders/misc';
import {
  respondInputItems,
  respondResponseCancel,
  respondResponseDelete,
  respondResponseGet,
  respondResponses,
  respondResponsesCompact,
} from './responders/responses';
import { respondChat, respondCompletions } from './responders/text';
import type { ResponseStore } from './responses-store';
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
  /** The Responses API's stored responses, per API key. */
  readonly responses: ResponseStore;
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

function cut(r: Received): void {
  if (r.record !== undefined) r.record.outcome = 'cut';
  dropConnection(r.res, false);
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
    case 'vertex':
    case 'google-oauth':
      return sendGoogleProgrammedError(r, provider, model ?? 'unknown');
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
  if (provider === 'gemini' || provider === 'vertex' || provider === 'google-oauth') {
    return sendGoogleMisprogrammed(r, provider, message);
  }
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
  if ((route.deployment !== undefined || route.needsApiVersion === true) && !hasApiVersion(r.req)) {
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
  respond(x, r);
}

// Azure answers 404 to a deployment path without `api-version`.
const hasApiVersion = (req: IncomingMessage): boolean => /[?&]api-version=[^&]/.test(req.url ?? '');

/** Anthropic's, Bedrock's and Google's endpoints, which check requests their own way. */
function respondOther(x: Exchange, r: Received, provider: Provider): void {
  if (provider === 'gemini' || provider === 'vertex' || provider === 'google-oauth') return respondGoogle(x, r, provider);
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

function respond(x: Exchange, r: Received): void {
  const id = r.route?.resourceId ?? '';
  switch (x.endpoint) {
    case 'responses':
      return respondResponses(x, r.responses);
    case 'response-get':
      return respondResponseGet(x, r.responses, id);
    case 'response-delete':
      return respondResponseDelete(x, r.responses, id);
    case 'response-cancel':
      return respondResponseCancel(x, r.responses, id);
    case 'response-input-items':
      return respondInputItems(x, r.responses, id);
    case 'responses-compact':
      return respondResponsesCompact(x, r.responses);
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
    case 'image-edits':
      return respondImageEdit(x);
    case 'image-variations':
      return respondImageVariation(x);
    case 'speech':
      return respondSpeech(x);
    case 'transcriptions':
    case 'translations':
      return respondTranscription(x);
    case 'rerank':
      return respondRerank(x);
    case 'models':
      return respondModels(x, r.models);
    case 'model':
      return respondModel(x, r.models);
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
