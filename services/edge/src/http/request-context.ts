import { type Logger, REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from '@modelgate/runtime';
import type { RequestHandler } from 'express';

/**
 * Gives every request an id (the caller's `X-Request-Id` when well-formed, else a new one),
 * echoes it in the response, runs the rest of the chain inside it, and logs one line per request.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const quiet = req.path === '/healthz' || req.path === '/readyz';
      logger[quiet ? 'debug' : 'info'](
        { request_id: requestId, method: req.method, path: req.path, status: res.statusCode, duration_ms: durationMs },
        'request',
      );
    });
    runWithRequestContext({ requestId }, () => next());
  };
}
