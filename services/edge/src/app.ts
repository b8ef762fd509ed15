import { NotFoundError } from '@modelgate/runtime';
import express, { type Express, Router } from 'express';
import type { ApiDeps } from './api-deps';
import { createEnvelopeErrorHandler, ROUTE_NOT_FOUND } from './http/envelope';
import { requestContext } from './http/request-context';
import { createAccountRoutes } from './routes/account-routes';
import { createHealthRoutes, type ReadinessProbe } from './routes/health-routes';
import { createOAuthRoutes } from './routes/oauth-routes';
import { createOptionRoutes } from './routes/option-routes';
import { createStatusRoutes } from './routes/status-routes';
import { createUserAdminRoutes } from './routes/user-admin-routes';

export interface EdgeAppDeps extends ApiDeps {
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
  api.use(createAccountRoutes(deps));
  api.use(createUserAdminRoutes(deps));
  api.use(createOAuthRoutes(deps));
  api.use(createOptionRoutes(deps));
  api.use((req) => {
    throw new NotFoundError(`no such API: ${req.method} ${req.baseUrl}${req.path}`, { code: ROUTE_NOT_FOUND });
  });
  api.use(createEnvelopeErrorHandler(deps.logger));
  app.use('/api', api);

  return app;
}
