import { createEdgeApp, type EdgeAppDeps } from '@modelgate/edge';
import { isGeminiPath, isRelayPath, servedRelayRoutes } from '@modelgate/relay';

/**
 * Who answers a path, which decides the shape every answer must have: `/api` its envelope, the
 * relay its protocols' error objects, the payment gateway's notices its plain text, the console
 * its pages.
 */
export type Surface = 'api' | 'openai' | 'anthropic' | 'gemini' | 'gateway' | 'console';

/** Where the payment gateway posts its notices; answered `success` or `fail` in plain text. */
const GATEWAY_NOTICE = '/api/user/epay/notify';

/**
 * The surface that answers `path` as sent (query and all), decided as the product routes it: the
 * relay's prefixes exactly, `/api` as Express matches it (case-insensitively, trailing slash or
 * not), and everything else the console.
 */
export function surfaceOf(path: string): Surface {
  const pathname = path.split('?')[0]!;
  if (isRelayPath(pathname)) {
    if (pathname === '/v1/messages' || pathname.startsWith('/v1/messages/')) return 'anthropic';
    return isGeminiPath(pathname) ? 'gemini' : 'openai';
  }
  const lower = pathname.toLowerCase().replace(/\/+$/, '');
  if (lower === GATEWAY_NOTICE) return 'gateway';
  return lower === '/api' || lower.startsWith('/api/') ? 'api' : 'console';
}

/** One route to exercise: method and path template (`:id` where the path names something). */
export interface Route {
  readonly method: string;
  readonly path: string;
  readonly surface: Surface;
}

/**
 * A stand-in for every dependency: any member is itself, and calling it gives itself. Building the
 * edge application only registers handlers, so this is enough to read its routes without a stack.
 */
function anything(): unknown {
  const stub: unknown = new Proxy(function stub() {}, {
    get: (_target, member) => (member === Symbol.toPrimitive ? () => '' : member === Symbol.iterator ? [][Symbol.iterator] : stub),
    apply: () => stub,
  });
  return stub;
}

interface Layer {
  readonly rawPath?: string;
  readonly route?: { readonly path: string; readonly methods: Record<string, boolean> };
  readonly handle?: { readonly stack?: readonly Layer[] };
}

function collect(stack: readonly Layer[], prefix: string, out: Route[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        if (method !== '_all') out.push({ method: method.toUpperCase(), path: `${prefix}${layer.route.path}`, surface: 'api' });
      }
    } else if (layer.handle?.stack) {
      const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
      collect(layer.handle.stack, `${prefix}${mount}`, out);
    }
  }
}

/** Every `/api` route of the edge application, read from the application itself. */
export function apiRoutes(): Route[] {
  const stub = anything();
  // Plain values where the application reads one; the console's files are not routes of /api.
  const deps = new Proxy({}, { get: (_target, member) => (member === 'consoleDir' || member === 'trustedProxies' ? undefined : stub) });
  const app = createEdgeApp(deps as EdgeAppDeps) as unknown as { router: { stack: Layer[] } };
  const routes: Route[] = [];
  collect(app.router.stack, '', routes);
  return routes.filter((route) => route.path.startsWith('/api/')).map((route) => ({ ...route, surface: surfaceOf(route.path) }));
}

/** Every route the relay serves, with the protocol its errors are written in. */
export function relayRoutes(): Route[] {
  return servedRelayRoutes().map(({ method, path }) => ({ method, path, surface: surfaceOf(path) }));
}

/** Paths nobody serves, and the console's own, where a path trick could reach a file. */
export const STRAY_ROUTES: readonly Route[] = [
  { method: 'GET', path: '/api/no-such-route', surface: 'api' },
  { method: 'POST', path: '/api/user/:id/nothing', surface: 'api' },
  { method: 'GET', path: '/v1/no-such-route', surface: 'openai' },
  { method: 'POST', path: '/v1/chat/completions/:id', surface: 'openai' },
  { method: 'GET', path: '/', surface: 'console' },
  { method: 'GET', path: '/console/:page', surface: 'console' },
  { method: 'GET', path: '/assets/:file', surface: 'console' },
  { method: 'GET', path: '/:file', surface: 'console' },
];
