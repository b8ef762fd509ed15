import type { OpenAIEndpoint } from '@modelgate/channel-types';
import type { AnthropicOperation, InboundProtocol } from '../protocols/request';

/** What a request path and method resolve to. */
export type RelayRoute =
  | { readonly kind: 'relay'; readonly protocol: 'openai'; readonly operation: OpenAIEndpoint; readonly pathModel?: string }
  | { readonly kind: 'relay'; readonly protocol: 'anthropic'; readonly operation: AnthropicOperation }
  | { readonly kind: 'models' }
  | { readonly kind: 'model'; readonly model: string }
  | { readonly kind: 'playground' }
  | { readonly kind: 'billing-subscription' }
  | { readonly kind: 'billing-usage' }
  | { readonly kind: 'not-implemented' }
  | { readonly kind: 'not-found' };

const POST_ENDPOINTS: ReadonlyMap<string, OpenAIEndpoint> = new Map([
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

/** Anthropic's Messages API, for clients speaking Anthropic (Claude Code, the Anthropic SDKs). */
const ANTHROPIC_ENDPOINTS: ReadonlyMap<string, AnthropicOperation> = new Map([
  ['/v1/messages', 'messages'],
  ['/v1/messages/count_tokens', 'messages/count_tokens'],
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
  '/v1/messages/batches',
  '/v1/audio/voices',
  '/v1beta',
  '/mj',
  '/suno',
];

/** Every path served with some method. */
const SERVED_PATHS: ReadonlySet<string> = new Set([...POST_ENDPOINTS.keys(), ...ANTHROPIC_ENDPOINTS.keys(), PLAYGROUND_CHAT_PATH, ...GET_ROUTES.keys()]);

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

/**
 * Every route the relay serves, as method and path (`:model` where the path names one): for
 * documentation and for the tests that exercise each route (the fuzzer among them).
 */
export function servedRelayRoutes(): Array<{ readonly method: 'GET' | 'POST'; readonly path: string }> {
  return [
    ...[...POST_ENDPOINTS.keys(), ...ANTHROPIC_ENDPOINTS.keys(), PLAYGROUND_CHAT_PATH, '/v1/engines/:model/embeddings'].map(
      (path) => ({ method: 'POST' as const, path }),
    ),
    ...[...GET_ROUTES.keys(), '/v1/models/:model'].map((path) => ({ method: 'GET' as const, path })),
  ];
}

/** Resolves a method and path (without query string) to the relay's route. */
export function matchRelayRoute(method: string, rawPathname: string): RelayRoute {
  const pathname = rawPathname.length > 1 && rawPathname.endsWith('/') ? rawPathname.slice(0, -1) : rawPathname;
  if (method === 'POST') {
    const endpoint = POST_ENDPOINTS.get(pathname);
    if (endpoint) return { kind: 'relay', protocol: 'openai', operation: endpoint };
    const anthropic = ANTHROPIC_ENDPOINTS.get(pathname);
    if (anthropic) return { kind: 'relay', protocol: 'anthropic', operation: anthropic };
    if (pathname === PLAYGROUND_CHAT_PATH) return { kind: 'playground' };
    const engine = ENGINE_EMBEDDINGS.exec(pathname);
    const pathModel = engine ? decode(engine[1]!) : undefined;
    if (pathModel) return { kind: 'relay', protocol: 'openai', operation: 'embeddings', pathModel };
  }
  if (method === 'GET') {
    const route = GET_ROUTES.get(pathname);
    if (route) return route;
    const model = MODEL_PATH.exec(pathname);
    const name = model ? decode(model[1]!) : undefined;
    if (name) return { kind: 'model', model: name };
  }
  if (method === 'DELETE' && MODEL_PATH.test(pathname)) return { kind: 'not-implemented' };
  // A served path called with another method is a mistake (OpenAI's "Invalid URL"), not a
  // missing feature, even where its prefix is one (`PUT /pg/chat/completions`).
  if (SERVED_PATHS.has(pathname)) return { kind: 'not-found' };
  if (underPrefix(pathname)) return { kind: 'not-implemented' };
  return { kind: 'not-found' };
}

/**
 * The protocol a request's answers (errors included) are written in: Anthropic's for its Messages
 * paths, and for the model list when the client sends `anthropic-version` (the Anthropic SDKs
 * always do); OpenAI's everywhere else.
 */
export function protocolOfRequest(pathname: string, anthropicVersion: string | string[] | undefined): InboundProtocol {
  if (pathname === '/v1/messages' || pathname.startsWith('/v1/messages/')) return 'anthropic';
  if (anthropicVersion !== undefined && (pathname === '/v1/models' || pathname.startsWith('/v1/models/'))) return 'anthropic';
  return 'openai';
}
