import { type AccessLog, activeTraceId, REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from '@modelgate/runtime';
import type { Request, RequestHandler } from 'express';
import type { EdgeMetrics } from '../observability/edge-metrics';

/** What is told of every answered request. */
export interface RequestObservers {
  accessLog?: AccessLog;
  metrics?: EdgeMetrics;
}

const PROBES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/**
 * The route template of an answered request: the matched route's path under its router's mount
 * point (`/api/user/:id`), never the raw path with ids in it. Requests no route answered are
 * `unmatched` under `/api` and `console` elsewhere (the console's files and page fallback).
 */
export function routeTemplate(req: Request): string {
  const routePath = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routePath === 'string') return `${req.baseUrl}${routePath}`;
  if (PROBES.has(req.path)) return req.path;
  return req.originalUrl.startsWith('/api') ? '/api/unmatched' : 'console';
}

/**
 * Gives every request an id (the caller's `X-Request-Id` when well-formed, else a new one),
 * echoes it in the response, runs the rest of the chain inside it, and when it is answered counts
 * it in the metrics and writes its access-log line (probes at most in the metrics).
 */
export function requestContext(observers: RequestObservers = {}): RequestHandler {
  const { accessLog, metrics } = observers;
  const logging = accessLog?.enabled === true;
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', requestId);
    if (logging || metrics) {
      const started = performance.now();
      const traceId = activeTraceId();
      res.once('close', () => {
        const durationMs = performance.now() - started;
        const route = routeTemplate(req);
        const aborted = !res.writableFinished;
        metrics?.answered(route, req.method, res.statusCode, durationMs / 1000, res.locals);
        if (logging && !PROBES.has(req.path)) {
          accessLog!.log({ requestId, traceId, method: req.method, route, status: res.statusCode, durationMs, aborted });
        }
      });
    }
    runWithRequestContext({ requestId }, () => next());
  };
}
