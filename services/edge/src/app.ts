import { DEFAULT_TRUSTED_PROXIES, NotFoundError } from '@modelgate/runtime';
import express, { type Express, Router } from 'express';
import type { ApiDeps } from './api-deps';
import { createConsoleRoutes } from './console/console-files';
import { createEnvelopeErrorHandler, ROUTE_NOT_FOUND } from './http/envelope';
import { apiInput } from './http/request-input';
import { type RequestObservers, requestContext } from './http/request-context';
import { createAccountRoutes } from './routes/account/routes';
import { createChannelProbeRoutes } from './routes/channels/probe-routes';
import { createChannelRoutes } from './routes/channels/routes';
import { createHealthRoutes, type ReadinessProbe } from './routes/health/routes';
import { createLogRoutes } from './routes/logs/routes';
import { createOAuthRoutes } from './routes/oauth/routes';
import { createOptionRoutes } from './routes/option-routes';
import { createPricingRoutes } from './routes/pricing/routes';
import { createPublicInfoRoutes } from './routes/public-info/routes';
import { createRedemptionRoutes } from './routes/redemptions/routes';
import { createStatusRoutes } from './routes/status/routes';
import { createTaskRoutes } from './routes/tasks/routes';
import { createTokenRoutes } from './routes/tokens/routes';
import { createUserAdminRoutes } from './routes/user-admin/routes';
import { createWalletRoutes } from './routes/wallet/routes';
import type { EdgeOptionReader } from './options/edge-options';
import type { GlobalLimits } from './security/protection';

export interface EdgeAppDeps extends ApiDeps {
  readiness: ReadinessProbe;
  /** Edge's in-memory options (public texts and groups). */
  options: EdgeOptionReader;
  /** The per-client limits on every `/api` request and on the console's paths. */
  globalLimits: GlobalLimits;
  /** The console's production build, served at `/` (none: only `/api` and the probes). */
  consoleDir?: string;
  /** Proxies whose `X-Forwarded-For` is believed (TRUSTED_PROXIES); loopback only when omitted. */
  trustedProxies?: readonly string[];
  /** The access log and metrics every answered request is told to. */
  observers?: RequestObservers;
}

/** Largest JSON body `/api` accepts. */
const JSON_BODY_LIMIT = '2mb';

/**
 * The edge's HTTP application: `/api` (the `{success, message, data}` contract) and the probes.
 * Every `/api` failure, an unknown path or a malformed body included, is answered by the one
 * envelope error handler. The probes are never rate limited; `/api` is, before its body is read;
 * every other path (the console) has its own limit.
 */
export function createEdgeApp(deps: EdgeAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', [...(deps.trustedProxies ?? DEFAULT_TRUSTED_PROXIES)]);
  app.use(requestContext(deps.observers));
  app.use(createHealthRoutes(deps.readiness));

  const api = Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(deps.globalLimits.api);
  // `/api` is called by the console from its own origin: a preflight gets no CORS grant, just 204.
  api.options('/{*path}', (_req, res) => {
    res.status(204).end();
  });
  api.use(apiInput(JSON_BODY_LIMIT));
  api.use(createStatusRoutes(deps.statusCache));
  // Before the user routes: `/user/groups` is public, `/user/:id` is for admins.
  api.use(createPublicInfoRoutes(deps));
  api.use(createAccountRoutes(deps));
  api.use(createUserAdminRoutes(deps));
  api.use(createOAuthRoutes(deps));
  api.use(createOptionRoutes(deps));
  // Before the channel admin routes: `/channel/test` and `/channel/update_balance` are not channel ids.
  api.use(createChannelProbeRoutes(deps));
  api.use(createChannelRoutes(deps));
  api.use(createLogRoutes(deps));
  api.use(createPricingRoutes(deps));
  api.use(createRedemptionRoutes(deps));
  api.use(createWalletRoutes(deps));
  api.use(createTokenRoutes(deps));
  api.use(createTaskRoutes(deps));
  api.use((req) => {
    throw new NotFoundError(`no such API: ${req.method} ${req.baseUrl}${req.path}`, { code: ROUTE_NOT_FOUND });
  });
  api.use(createEnvelopeErrorHandler(deps.logger));
  app.use('/api', api);

  // The console's paths (its files and the page fallback) are limited too.
  app.use(deps.globalLimits.web);
  if (deps.consoleDir) app.use(createConsoleRoutes(deps.consoleDir, deps.options));
  // What neither `/api` nor the console serves (a POST to a page, `//api/...`) is a 404 in the
  // envelope, not the framework's HTML page.
  app.use((req) => {
    throw new NotFoundError(`no such path: ${req.method} ${req.path}`, { code: ROUTE_NOT_FOUND });
  });
  app.use(createEnvelopeErrorHandler(deps.logger));

  return app;
}
