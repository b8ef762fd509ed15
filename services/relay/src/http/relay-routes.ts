import type { RelayEndpoint } from '../providers/types';

/** What a request path and method resolve to. */
export type RelayRoute =
  | { readonly kind: 'relay'; readonly endpoint: RelayEndpoint; readonly pathModel?: string }
  | { readonly kind: 'models' }
  | { readonly kind: 'model'; readonly model: string }
  | { readonly kind: 'playground' }
  | { readonly kind: 'billing-subscription' }
  | { readonly kind: 'billing-usage' }
  | { readonly kind: 'not-implemented' }
  | { readonly kind: 'not-found' };

const POST_ENDPOINTS: ReadonlyMap<string, RelayEndpoint> = new Map([
  ['/v1/chat/completions', 'chat/completions'],
  ['/v1/completions', 'completions'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/moderations', 'moderations'],
  ['/v1/images/generations', 'images/generations'],
  ['/v1/audio/speech', 'audio/speech'],
  ['/v1/audio/transcriptions', 'audio/transcriptions'],
  ['/v1/audio/translations', 'audio/translations'],
  ['/v1/rerank', 'rerank'],
]);

/** The console playground's chat endpoint, signed in by the console session instead of a token. */
export const PLAYGROUND_CHAT_PATH = '/pg/chat/completions';

const GET_ROUTES: ReadonlyMap<string, RelayRoute> = new Map<string, RelayRoute>([
  ['/v1/models', { kind: 'models' }],
  ['/dashboard/billing/subscription', { kind: 'billing-subscription' }],
  ['/v1/dashboard/billing/subscription', { kind: 'billing-subscription' }],
  ['/dashboard/billing/usage', { kind: 'billing-usage' }],
  ['/v1/dashboard/billing/usage', { kind: 'billing-usage' }],
]);

/**
 * OpenAI (and reference) paths the gateway knows but does not serve: answered 501 in the OpenAI
 * error shape, so clients learn the feature is missing rather than mistyped. Matched as the path
 * itself or any path below it.
 */
const NOT_IMPLEMENTED_PREFIXES = [
  '/v1/edits',
  '/v1/images/edits',
  '/v1/images/variations',
  '/v1/files',
  '/v1/fine-tunes',
  '/v1/fine_tuning',
  '/v1/assistants',
  '/v1/threads',
  '/v1/batches',
  '/v1/uploads',
  '/v1/vector_stores',
  '/v1/responses',
  '/v1/realtime',
  '/v1/messages',
  '/v1/audio/voices',
  '/v1beta',
  '/pg',
  '/mj',
  '/suno',
];

const ENGINE_EMBEDDINGS = /^\/v1\/engines\/([^/]+)\/embeddings$/;
const MODEL_PATH = /^\/v1\/models\/(.+)$/;

function underPrefix(pathname: string): boolean {
  return NOT_IMPLEMENTED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Resolves a method and path (without query string) to the relay's route. */
export function matchRelayRoute(method: string, rawPathname: string): RelayRoute {
  const pathname = rawPathname.length > 1 && rawPathname.endsWith('/') ? rawPathname.slice(0, -1) : rawPathname;
  if (method === 'POST') {
    const endpoint = POST_ENDPOINTS.get(pathname);
    if (endpoint) return { kind: 'relay', endpoint };
    if (pathname === PLAYGROUND_CHAT_PATH) return { kind: 'playground' };
    const engine = ENGINE_EMBEDDINGS.exec(pathname);
    const pathModel = engine ? decode(engine[1]!) : undefined;
    if (pathModel) return { kind: 'relay', endpoint: 'embeddings', pathModel };
  }
  if (method === 'GET') {
    const route = GET_ROUTES.get(pathname);
    if (route) return route;
    const model = MODEL_PATH.exec(pathname);
    const name = model ? decode(model[1]!) : undefined;
    if (name) return { kind: 'model', model: name };
  }
  if (method === 'DELETE' && MODEL_PATH.test(pathname)) return { kind: 'not-implemented' };
  if (underPrefix(pathname)) return { kind: 'not-implemented' };
  return { kind: 'not-found' };
}
