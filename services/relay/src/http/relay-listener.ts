import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { newRequestId, NotFoundError, runWithRequestContext, UnsupportedOperationError, ValidationError } from '@modelgate/runtime';
import { relayRequest } from '../pipeline/relay-handler';
import { relayStoredResponse } from '../pipeline/stored-response';
import { REALTIME_PATH } from '../realtime/realtime-endpoint';
import { type PlaygroundDeps, playgroundRequest } from '../playground';
import { applyCors, isPreflight } from './cors';
import { billingSubscription, billingUsage, getModel, type InfoDeps, listModels } from './info-endpoints';
import { codecFor } from '../protocols/codecs';
import type { InboundProtocol } from '../protocols/request';
import { UpstreamError } from '../protocols/upstream-error';
import { RequestBodyBusyError } from './body-budget';
import { limitScopeOf, TrafficLimitError } from '../limits/limit-errors';
import { declaredLength, PayloadTooLargeError } from './request-body';
import { isPlaygroundPath } from './relay-paths';
import { matchRelayRoute, protocolOfRequest } from './relay-routes';
import { sendRelayError } from './send-error';
import { serveTaskRequest, type TaskEndpointDeps } from '../tasks';

/**
 * The relay listener's dependencies: the data plane's, the database for the legacy billing
 * endpoints and the console sessions for the playground.
 */
export type RelayListenerDeps = InfoDeps & PlaygroundDeps & Partial<Pick<TaskEndpointDeps, 'tasks'>>;

/**
 * Whether a request refused before its body was read has the rest of the body read and discarded
 * rather than its connection closed: when it declares no more than `drainLimit` (the largest body
 * any endpoint takes). Closing a connection the client is still sending on resets it, and the
 * client may lose the answer (a 403 or 429 it should act on); discarding costs no memory. A body
 * over its limit, or of unknown length, is cut off.
 */
function drainsRefusedBody(req: IncomingMessage, error: unknown, drainLimit: number): boolean {
  if (error instanceof PayloadTooLargeError) return false;
  const declared = declaredLength(req);
  return declared !== undefined && declared <= drainLimit;
}

function splitUrl(url: string): { pathname: string; query: string | undefined } {
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? { pathname: url, query: undefined } : { pathname: url.slice(0, queryAt), query: url.slice(queryAt + 1) };
}

async function dispatch(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  { pathname, query }: { pathname: string; query: string | undefined },
  protocol: InboundProtocol,
  deps: RelayListenerDeps,
) {
  const method = req.method ?? 'GET';
  if (pathname === REALTIME_PATH) {
    // Upgrades are served by the Realtime endpoint; a plain request there cannot be.
    req.resume();
    throw new ValidationError('/v1/realtime is a WebSocket endpoint: connect with an Upgrade: websocket request', {
      code: 'websocket_required',
    });
  }
  const route = matchRelayRoute(method, pathname);
  deps.metrics?.endpoint(res, route.kind === 'relay' ? route.operation : route.kind);
  switch (route.kind) {
    case 'relay':
      switch (route.protocol) {
        case 'anthropic':
          return relayRequest(req, res, { protocol: 'anthropic', operation: route.operation, requestId, path: pathname, query }, deps);
        case 'responses':
          return relayRequest(req, res, { protocol: 'responses', operation: route.operation, requestId, path: pathname, query }, deps);
        case 'gemini': {
          const { operation, pathModel, stream } = route;
          return relayRequest(req, res, { protocol: 'gemini', operation, pathModel, stream, requestId, path: pathname, query }, deps);
        }
        default:
          return relayRequest(req, res, { protocol: 'openai', operation: route.operation, pathModel: route.pathModel, requestId, path: pathname, query }, deps);
      }
    case 'stored-response':
      return relayStoredResponse(req, res, { path: pathname, query, responseId: route.responseId, call: route.call }, deps);
    case 'playground':
      return playgroundRequest(req, res, { requestId }, deps);
    case 'models':
      return listModels(req, res, pathname, query, protocol, deps);
    case 'model':
      return getModel(req, res, pathname, query, route.model, protocol, deps);
    case 'tuned-model':
      req.resume();
      throw new NotFoundError(`Tuned models are not served: tunedModels/${route.model} does not exist here; call a base model (models/{model}).`, {
        code: 'model_not_found',
        details: { param: 'model' },
      });
    case 'billing-subscription':
      return billingSubscription(req, res, pathname, deps);
    case 'billing-usage':
      return billingUsage(req, res, pathname, deps);
    case 'not-implemented':
      req.resume();
      throw new UnsupportedOperationError('API not implemented', { code: 'api_not_implemented' });
    case 'not-found':
      req.resume();
      throw new NotFoundError(`Invalid URL (${method} ${pathname})`, { code: 'invalid_url' });
  }
}

/** The wait a refusal tells the client: ours for a busy body budget, the provider's on its 429/503. */
function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof RequestBodyBusyError || error instanceof TrafficLimitError) return error.retryAfterSeconds;
  if (error instanceof UpstreamError && (error.httpStatus === 429 || error.httpStatus === 503)) return error.retryAfterSeconds;
  return undefined;
}

/**
 * The relay's HTTP entry point: a bare `node:http` listener (the hot path does not pay for a
 * framework). Every request gets its own request id (the billing key: never taken from the
 * client, so no client can replay another request's reservation), permissive CORS as OpenAI
 * clients in browsers expect (except on the cookie-authenticated playground), and every failure
 * goes out as the error object of the protocol the client speaks (OpenAI's, Anthropic's on the
 * Messages paths, Google's on the Gemini API's).
 */
export function createRelayListener(deps: RelayListenerDeps): RequestListener {
  // (Listener tests that serve no endpoint give no limits.)
  const drainLimit = deps.limits?.body.uploadBytes ?? 0;
  return (req: IncomingMessage, res: ServerResponse) => {
    const requestId = newRequestId();
    res.setHeader('X-Request-Id', requestId);
    const url = splitUrl(req.url ?? '/');
    // The playground is signed in by a cookie: no cross-origin page may use it.
    if (!isPlaygroundPath(url.pathname)) applyCors(req, res);
    if (isPreflight(req)) {
      req.resume();
      res.writeHead(204).end();
      return;
    }
    const protocol = protocolOfRequest(url.pathname, req.headers['anthropic-version'], req.headers['x-goog-api-key']);
    deps.metrics?.begin(res, protocol, requestId, req.method ?? 'GET');
    runWithRequestContext({ requestId }, () => {
      // Midjourney-Proxy and Suno tasks answer in their own shapes (services/relay/src/tasks).
      if (deps.tasks && serveTaskRequest(req, res, url.pathname, requestId, deps as TaskEndpointDeps)) return;
      dispatch(req, res, requestId, url, protocol, deps).catch((error: unknown) => {
        if (error instanceof TrafficLimitError) deps.metrics?.refusedByRateLimit(limitScopeOf(error.limit));
        if (!res.headersSent) {
          const retryAfter = retryAfterOf(error);
          if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
          if (!req.complete && !drainsRefusedBody(req, error, drainLimit)) res.setHeader('Connection', 'close');
        }
        if (!req.complete) req.resume();
        sendRelayError(res, error, codecFor(protocol), deps.logger);
      });
    });
  };
}
