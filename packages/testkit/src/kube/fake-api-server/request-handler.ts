/**
 * One HTTP request from arrival to answer: route it, log it, apply an injected fault if one
 * matches, then serve discovery, a watch stream, a Table or plain JSON from the resource operations.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest, methodNotAllowed, pageNotFound, reasonForCode } from './api-errors';
import { discoveryDocument } from './discovery';
import type { FaultInjector, FaultRule } from './fault-injection';
import type { RequestLog } from './request-log';
import { routeRequest, type RoutedRequest } from './request-router';
import type { ResourceOperations } from './resource-operations';
import type { ResourceRegistry } from './resource-registry';
import { compileSelectors } from './selectors';
import { toTable, wantsTable, type IncludeObject } from './table-printer';
import type { KubeObject, ResourceDefinition } from './types';
import type { WatchHub } from './watch-hub';

/** A request parked by a `hold` fault. */
export interface HeldRequest {
  response: ServerResponse;
  resume: () => void;
}

/** The parts a request handler works with. */
export interface HandlerContext {
  registry: ResourceRegistry;
  operations: ResourceOperations;
  watches: WatchHub;
  faults: FaultInjector;
  log: RequestLog;
  /** Requests parked by a `hold` fault: `resume` serves them normally, `response` is dropped on stop. */
  heldRequests: Set<HeldRequest>;
  /** The clock (AGE columns). */
  now: () => Date;
}

async function readBody(request: IncomingMessage): Promise<{ text: string; json?: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { text };
  try {
    return { text, json: JSON.parse(text) };
  } catch {
    return { text };
  }
}

function sendJson(response: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  response.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers });
  response.end(payload);
}

function sendError(response: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  sendJson(response, error.code, error.toStatus(), headers);
}

async function answerWithFault(response: ServerResponse, fault: FaultRule, context: HandlerContext, resume: () => void): Promise<number> {
  if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs).unref());
  if (fault.respond === 'drop-connection') {
    response.socket?.destroy();
    return 0;
  }
  if (fault.respond === 'hold') {
    const held: HeldRequest = { response, resume };
    context.heldRequests.add(held);
    response.on('close', () => context.heldRequests.delete(held));
    return 0;
  }
  const { status, message, retryAfterSeconds } = fault.respond;
  const error = new ApiError(status, reasonForCode(status), message ?? `injected fault: ${reasonForCode(status)}`, retryAfterSeconds !== undefined ? { retryAfterSeconds } : undefined);
  sendError(response, error, retryAfterSeconds !== undefined ? { 'Retry-After': String(retryAfterSeconds) } : {});
  return status;
}

function isDryRun(query: Record<string, string>, body?: unknown): boolean {
  const fromBody = (body as { dryRun?: string[] } | undefined)?.dryRun;
  return query.dryRun === 'All' || (Array.isArray(fromBody) && fromBody.includes('All'));
}

/** Serves one resource request (the route addresses a served definition). */
function serveResource(target: RoutedRequest, definition: ResourceDefinition, request: IncomingMessage, response: ServerResponse, body: unknown, context: HandlerContext): void {
  const { operations } = context;
  const query = new URLSearchParams(target.query);
  const namespace = definition.namespaced ? target.namespace : undefined;
  const subresource = target.subresource;
  if (subresource !== undefined && subresource !== 'status') throw pageNotFound();
  const writeTarget = subresource === 'status' ? 'status' : 'main';
  if (subresource === 'status' && !definition.statusSubresource) throw pageNotFound();
  if (definition.namespaced && target.name === undefined && target.verb === 'create' && namespace === undefined) {
    throw methodNotAllowed('the server does not allow this method on the requested resource (create without a namespace)');
  }
  const table = wantsTable(request.headers.accept);
  const include = (query.get('includeObject') as IncludeObject | null) ?? 'Metadata';
  const dryRun = isDryRun(target.query, body);

  switch (target.verb) {
    case 'watch':
      context.watches.open(
        {
          definition,
          ...(namespace !== undefined ? { namespace } : {}),
          matches: compileSelectors(query),
          resourceVersion: query.get('resourceVersion') ?? '',
          allowBookmarks: query.get('allowWatchBookmarks') === 'true',
          sendInitialEvents: query.get('sendInitialEvents') === 'true',
          ...(query.get('timeoutSeconds') ? { timeoutSeconds: Number(query.get('timeoutSeconds')) } : {}),
        },
        response,
      );
      return;
    case 'list': {
      const list = operations.list(definition, namespace, compileSelectors(query));
      const items = list.items as KubeObject[];
      sendJson(response, 200, table ? toTable(definition, items, String(list.metadata?.resourceVersion), include, context.now()) : list);
      return;
    }
    case 'get': {
      const object = operations.get(definition, namespace, target.name!);
      sendJson(response, 200, table ? toTable(definition, [object], object.metadata?.resourceVersion ?? '', include, context.now()) : object);
      return;
    }
    case 'create':
      if (target.name !== undefined) throw methodNotAllowed();
      sendJson(response, 201, operations.create(definition, namespace, requireObject(body), dryRun));
      return;
    case 'update':
      sendJson(response, 200, operations.update(definition, namespace, target.name!, requireObject(body), writeTarget, dryRun));
      return;
    case 'patch':
      sendJson(response, 200, operations.patch(definition, namespace, target.name!, request.headers['content-type'] ?? '', requireBody(body), writeTarget, dryRun));
      return;
    case 'delete': {
      const options = (body ?? {}) as { preconditions?: { resourceVersion?: string; uid?: string } };
      sendJson(response, 200, operations.delete(definition, namespace, target.name!, { ...(options.preconditions ? { preconditions: options.preconditions } : {}), dryRun }));
      return;
    }
    case 'deletecollection':
      sendJson(response, 200, operations.deleteCollection(definition, namespace, compileSelectors(query), { dryRun }));
      return;
    default:
      throw methodNotAllowed();
  }
}

function requireBody(body: unknown): unknown {
  if (body === undefined) throw badRequest('the request has no body, or a body that is not JSON');
  return body;
}

function requireObject(body: unknown): KubeObject {
  const value = requireBody(body);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest('the request body must be a JSON object');
  return value as KubeObject;
}

/** Handles one request end to end; never throws. */
export async function handleRequest(request: IncomingMessage, response: ServerResponse, context: HandlerContext): Promise<void> {
  const receivedAt = Date.now();
  const target = routeRequest(request.method ?? 'GET', request.url ?? '/', context.registry);
  let body: { text: string; json?: unknown } = { text: '' };
  try {
    body = await readBody(request);
  } catch {
    // a client that hangs up mid-body gets no answer
  }
  const contentType = request.headers['content-type'];
  const record = (status: number, injectedFault: boolean): void =>
    context.log.add({ ...target, ...(body.json !== undefined ? { body: body.json } : {}), ...(contentType ? { contentType } : {}), status, injectedFault, receivedAt });

  const serve = (): void => {
    serveNormally(target, body, request, response, context);
    record(response.statusCode, false);
  };
  const fault = context.faults.take(target);
  if (fault) record(await answerWithFault(response, fault, context, serve), true);
  else serve();
}

function serveNormally(target: RoutedRequest, body: { text: string; json?: unknown }, request: IncomingMessage, response: ServerResponse, context: HandlerContext): void {
  try {
    if (target.verb === 'discovery') {
      const document = discoveryDocument(context.registry, target.path);
      if (!document) throw pageNotFound();
      sendJson(response, 200, document);
    } else if (!target.definition) {
      throw pageNotFound();
    } else {
      if (body.text.trim() !== '' && body.json === undefined) throw badRequest('the request body is not valid JSON');
      serveResource(target, target.definition, request, response, body.json, context);
    }
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(500, 'InternalError', `fake API server error: ${(error as Error).message}`);
    if (!response.headersSent) sendError(response, apiError);
    else response.end();
  }
}
