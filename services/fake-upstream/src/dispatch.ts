// Answers one request whose body has been read: programmed outcomes first (a cut connection, a
// verbatim body, a provider error), then request checks, then the endpoint's responder.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Endpoint, Exchange } from './exchange';
import { errorKindForStatus, invalidRequest, providerError } from './errors';
import { sendBody, sendJson } from './reply';
import { respondSpeech, respondTranscription } from './responders/audio';
import { respondEmbeddings } from './responders/embeddings';
import { respondBillingSubscription, respondBillingUsage, respondUserBalance, respondUserInfo } from './responders/balance';
import { respondImages, respondModel, respondModels, respondModerations, respondRerank } from './responders/misc';
import { respondChat, respondCompletions } from './responders/text';
import { DEFAULT_MODEL_OF, MODEL_FREE_ENDPOINTS, type Route } from './routes';
import type { FakeBehaviour, FakeRequest } from './types';

/** Everything known about a request once its body is read. */
export interface Received {
  readonly res: ServerResponse;
  readonly method: string;
  readonly path: string;
  /** The request (its `headers` are only read when needed: building them costs). */
  readonly req: IncomingMessage;
  readonly route: Route | undefined;
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
}

const STREAMING: ReadonlySet<Endpoint> = new Set<Endpoint>(['chat', 'completions']);

/** The key a request presents: bearer token of `authorization`, else `api-key`, else `x-api-key`. */
export function apiKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    return /^bearer /i.test(authorization) ? authorization.slice(7).trim() : authorization;
  }
  const key = headers['api-key'] ?? headers['x-api-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** The model a request names, else the one its path names. */
export function modelOf(fields: Record<string, unknown>, route: Route | undefined): string | undefined {
  return typeof fields.model === 'string' ? fields.model : (route?.deployment ?? route?.pathModel);
}

function cut(r: Received): void {
  if (r.record !== undefined) r.record.outcome = 'cut';
  r.res.socket?.destroy();
}

/** Answers the request `r` as programmed. */
export function answer(r: Received): void {
  const { res, behaviour: b, route, fields } = r;
  if (r.programProblem !== undefined) {
    sendJson(res, 400, invalidRequest(`fake-upstream: ${r.programProblem}`, null, 'fake_upstream_misprogrammed'));
    return;
  }
  const stream = route !== undefined && STREAMING.has(route.endpoint) && fields.stream === true;
  if (b.disconnectAfter !== undefined && !stream) return cut(r);
  if (b.headers !== undefined) for (const name in b.headers) res.setHeader(name, b.headers[name]!);
  const model = modelOf(fields, route) ?? (route === undefined ? undefined : DEFAULT_MODEL_OF[route.endpoint]);
  if (b.body !== undefined) {
    const text = typeof b.body === 'string' ? b.body : JSON.stringify(b.body);
    sendBody(res, b.status ?? 200, text, b.contentType ?? 'application/json');
    return;
  }
  if (b.error !== undefined || (b.status !== undefined && b.status >= 400)) {
    const kind = b.error ?? errorKindForStatus(b.status!);
    const error = providerError(kind, model ?? 'unknown', apiKeyOf(r.req.headers), b.status, b.errorMessage);
    sendJson(res, error.status, error.body);
    return;
  }
  if (route === undefined) {
    sendJson(res, 404, invalidRequest(`Invalid URL (${r.method} ${r.path})`));
    return;
  }
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
  const x: Exchange = {
    res,
    endpoint: route.endpoint,
    body: fields,
    model: model ?? '',
    stream,
    includeUsage: stream && (fields.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true,
    behaviour: b,
    record: r.record,
    uid: r.uid,
    created: Math.floor(Date.now() / 1000),
    status: b.status ?? 200,
  };
  respond(x, r.models);
}

// Azure answers 404 to a deployment path without `api-version`.
const hasApiVersion = (req: IncomingMessage): boolean => /[?&]api-version=[^&]/.test(req.url ?? '');

function respond(x: Exchange, models: readonly string[]): void {
  switch (x.endpoint) {
    case 'chat':
      return respondChat(x);
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
  }
}
