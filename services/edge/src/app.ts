import { type Logger, NotFoundError } from '@modelgate/runtime';
import express, { type Express, Router } from 'express';
import { createEnvelopeErrorHandler, ROUTE_NOT_FOUND } from './http/envelope';
import { requestContext } from './http/request-context';
import { createHealthRoutes, type ReadinessProbe } from './routes/health-routes';
import { createStatusRoutes } from './routes/status-routes';
import type { PublicStatusCache } from './status/public-status-cache';

export interface EdgeAppDeps {
  logger: Logger;
  statusCache: PublicStatusCache;
  readiness: ReadinessProbe;
}

/** Largest JSON body `/api` accepts. */
const JSON_BODY_LIMIT = '2mb';

/**
 * The edge's HTTP application: `/api` (the `{success, message, data}` contract) and the probes.
 * Every `/api` failure, an unknown path or a malformed body included, is answered by the one
 * envelope error handler.
 */
export function createEdgeApp(deps: EdgeAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.use(requestContext(deps.logger));
  app.use(createHealthRoutes(deps.readiness));

  const api = Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(createStatusRoutes(deps.statusCache));
  api.use((req) => {
    throw new NotFoundError(`no such API: ${req.method} ${req.baseUrl}${req.path}`, { code: ROUTE_NOT_FOUND });
  });
  api.use(createEnvelopeErrorHandler(deps.logger));
  app.use('/api', api);

  return app;
}
