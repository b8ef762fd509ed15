import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveMidjourney } from './mj-endpoints';
import { serveSuno } from './suno-endpoints';
import type { TaskEndpointDeps } from './task-deps';
import { sendTaskError } from './task-errors';
import { matchTaskRoute, taskProtocolOf } from './task-routes';

export type { TaskEndpointDeps } from './task-deps';
export { taskProtocolOf } from './task-routes';

/**
 * Serves a Midjourney-Proxy (`/mj/…`, `/mj-{mode}/mj/…`) or Suno (`/suno/…`) request; every
 * error goes out in that protocol's own shape. Returns false for a path that is neither.
 */
export function serveTaskRequest(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string, deps: TaskEndpointDeps): boolean {
  const protocol = taskProtocolOf(pathname);
  if (!protocol) return false;
  const route = matchTaskRoute(req.method ?? 'GET', pathname);
  const serve = protocol === 'midjourney' ? serveMidjourney : serveSuno;
  serve(req, res, route, requestId, deps).catch((error: unknown) => {
    if (!req.complete) req.resume();
    sendTaskError(res, error, protocol, deps.logger);
  });
  return true;
}
