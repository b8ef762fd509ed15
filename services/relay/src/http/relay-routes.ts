import type { OpenAIEndpoint } from '@modelgate/channel-types';
import type { AnthropicOperation, GeminiOperation, InboundProtocol, ResponsesOperation } from '../protocols/request';
import type { StoredResponseCall } from '../providers/openai/request';

/** What a request path and method resolve to. */
export type RelayRoute =
  | { readonly kind: 'relay'; readonly protocol: 'openai'; readonly operation: OpenAIEndpoint; readonly pathModel?: string }
  | { readonly kind: 'relay'; readonly protocol: 'anthropic'; readonly operation: AnthropicOperation }
  | { readonly kind: 'relay'; readonly protocol: 'responses'; readonly operation: ResponsesOperation }
  /** A call on a stored response of the Responses API (`/v1/responses/{id}…`). */
  | { readonly kind: 'stored-response'; readonly responseId: string; readonly call: StoredResponseCall }
  | {
      readonly kind: 'relay';
      readonly protocol: 'gemini';
      readonly operation: GeminiOperation;
      /** The model of `models/{model}:{method}`. */
      readonly pathModel: string;
      /** `:streamGenerateContent`. */
      readonly stream: boolean;
    }
  | { readonly kind: 'models' }
  | { readonly kind: 'model'; readonly model: string }
  /** A tuned model's method (`tunedModels/{model}:{method}`): the gateway serves base models only. */
  | { readonly kind: 'tuned-model'; readonly model: string }
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
  ['/v1/images/edits', 'images/edits'],
  ['/v1/images/variations', 'images/variations'],
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

/** OpenAI's Responses API, for clients speaking it (the OpenAI SDKs' `responses`, Codex). */
const RESPONSES_ENDPOINTS: ReadonlyMap<string, ResponsesOperation> = new Map([
  ['/v1/responses', 'responses'],
  ['/v1/responses/compact', 'responses/compact'],
]);
/** `/v1/responses/{id}` and the calls below it. */
const STORED_RESPONSE_PATH = /^\/v1\/responses\/([^/]+)(\/cancel|\/input_items)?$/;

/** A stored response's route for a method and path, or undefined when the path is not one. */
function storedResponseRoute(method: string, pathname: string): RelayRoute | undefined {
  const match = STORED_RESPONSE_PATH.exec(pathname);
  if (!match || RESPONSES_ENDPOINTS.has(pathname)) return undefined;
  const responseId = decode(match[1]!);
  if (!responseId) return { kind: 'not-found' };
  const suffix = match[2];
  let call: StoredResponseCall | undefined;
  if (suffix === undefined) call = method === 'GET' ? { method: 'GET', suffix: '' } : method === 'DELETE' ? { method: 'DELETE', suffix: '' } : undefined;
  else if (suffix === '/cancel') call = method === 'POST' ? { method: 'POST', suffix: '/cancel' } : undefined;
  else call = method === 'GET' ? { method: 'GET', suffix: '/input_items' } : undefined;
  return call ? { kind: 'stored-response', responseId, call } : { kind: 'not-found' };
}

/**
 * The Gemini API's model methods, for clients speaking Gemini (Google's SDKs): under `/v1beta`,
 * and under `/v1` (the version @google/genai calls by default) as `/v1/models/{model}:{method}`.
 */
const GEMINI_METHODS: ReadonlyMap<string, { readonly operation: GeminiOperation; readonly stream: boolean }> = new Map([
  ['generateContent', { operation: 'generateContent', stream: false }],
  ['streamGenerateContent', { operation: 'generateContent', stream: true }],
  ['countTokens', { operation: 'countTokens', stream: false }],
  ['embedContent', { operation: 'embedContent', stream: false }],
  ['batchEmbedContents', { operation: 'batchEmbedContents', stream: false }],
]);
/** `/{version}/models/{model}:{method}` (a model id may hold `/` and `:`; the method follows the last `:`). */
const GEMINI_METHOD_PATH = /^\/(v1beta|v1)\/(models|tunedModels)\/(.+):([A-Za-z]+)$/;
/** `GET /v1beta/models/{model}`. */
const GEMINI_MODEL_PATH = /^\/v1beta\/models\/(.+)$/;
const GEMINI_MODELS = '/v1beta/models';

/** The console playground's chat endpoint, signed in by the console session instead of a token. */
export const PLAYGROUND_CHAT_PATH = '/pg/chat/completions';

const GET_ROUTES: ReadonlyMap<string, RelayRoute> = new Map<string, RelayRoute>([
  ['/v1/models', { kind: 'models' }],
  [GEMINI_MODELS, { kind: 'models' }],
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
  '/v1/files',
  '/v1/fine-tunes',
  '/v1/fine_tuning',
  '/v1/assistants',
  '/v1/threads',
  '/v1/batches',
  '/v1/uploads',
  '/v1/vector_stores',
  '/v1/realtime',
  '/v1/messages/batches',
  '/v1/audio/voices',
  // The Gemini API's resources besides models: files, caches, batches, retrieval, its OpenAI layer.
  '/v1beta/files',
  '/v1beta/cachedContents',
  '/v1beta/batches',
  '/v1beta/operations',
  '/v1beta/corpora',
  '/v1beta/fileSearchStores',
  '/v1beta/generatedFiles',
  '/v1beta/openai',
  '/upload/v1beta',
];

/** Every path served with some method. */
const SERVED_PATHS: ReadonlySet<string> = new Set([...POST_ENDPOINTS.keys(), ...ANTHROPIC_ENDPOINTS.keys(), ...RESPONSES_ENDPOINTS.keys(), PLAYGROUND_CHAT_PATH, ...GET_ROUTES.keys()]);

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
export function servedRelayRoutes(): Array<{ readonly method: 'GET' | 'POST' | 'DELETE'; readonly path: string }> {
  return [
    ...[
      ...POST_ENDPOINTS.keys(),
      ...ANTHROPIC_ENDPOINTS.keys(),
      ...RESPONSES_ENDPOINTS.keys(),
      '/v1/responses/:id/cancel',
      PLAYGROUND_CHAT_PATH,
      '/v1/engines/:model/embeddings',
      ...[...GEMINI_METHODS.keys()].flatMap((method) => [`/v1beta/models/:model:${method}`, `/v1/models/:model:${method}`]),
    ].map((path) => ({ method: 'POST' as const, path })),
    ...[...GET_ROUTES.keys(), '/v1/models/:model', '/v1beta/models/:model', '/v1/responses/:id', '/v1/responses/:id/input_items'].map((path) => ({
      method: 'GET' as const,
      path,
    })),
    { method: 'DELETE' as const, path: '/v1/responses/:id' },
  ];
}

/** A Gemini model method's route, or undefined when the path is not one. */
function geminiMethodRoute(pathname: string): RelayRoute | undefined {
  const match = GEMINI_METHOD_PATH.exec(pathname);
  if (!match) return undefined;
  const model = decode(match[3]!);
  if (!model) return { kind: 'not-found' };
  if (match[2] === 'tunedModels') return { kind: 'tuned-model', model };
  const method = GEMINI_METHODS.get(match[4]!);
  // A method of the Gemini API the gateway does not offer (`:predict`, `:generateAnswer`, …).
  if (!method) return match[1] === 'v1beta' ? { kind: 'not-implemented' } : undefined;
  return { kind: 'relay', protocol: 'gemini', operation: method.operation, pathModel: model, stream: method.stream };
}

/** Resolves a method and path (without query string) to the relay's route. */
export function matchRelayRoute(method: string, rawPathname: string): RelayRoute {
  const pathname = rawPathname.length > 1 && rawPathname.endsWith('/') ? rawPathname.slice(0, -1) : rawPathname;
  if (method === 'POST') {
    const gemini = geminiMethodRoute(pathname);
    if (gemini) return gemini;
    const endpoint = POST_ENDPOINTS.get(pathname);
    if (endpoint) return { kind: 'relay', protocol: 'openai', operation: endpoint };
    const anthropic = ANTHROPIC_ENDPOINTS.get(pathname);
    if (anthropic) return { kind: 'relay', protocol: 'anthropic', operation: anthropic };
    const responses = RESPONSES_ENDPOINTS.get(pathname);
    if (responses) return { kind: 'relay', protocol: 'responses', operation: responses };
    if (pathname === PLAYGROUND_CHAT_PATH) return { kind: 'playground' };
    const engine = ENGINE_EMBEDDINGS.exec(pathname);
    const pathModel = engine ? decode(engine[1]!) : undefined;
    if (pathModel) return { kind: 'relay', protocol: 'openai', operation: 'embeddings', pathModel };
  }
  if (method === 'GET') {
    const route = GET_ROUTES.get(pathname);
    if (route) return route;
    const model = MODEL_PATH.exec(pathname) ?? GEMINI_MODEL_PATH.exec(pathname);
    const name = model ? decode(model[1]!) : undefined;
    if (name) return { kind: 'model', model: name };
  }
  const stored = storedResponseRoute(method, pathname);
  if (stored) return stored;
  // A Gemini method path takes POST alone.
  if (isGeminiPath(pathname) && GEMINI_METHOD_PATH.test(pathname)) return { kind: 'not-found' };
  // A model path ending in `:<a Gemini method>…` is a Gemini call gone wrong (a mangled method
  // name, another HTTP method), not OpenAI's deletion of a fine-tuned model.
  if (isMangledGeminiMethodPath(pathname)) return { kind: 'not-found' };
  if (method === 'DELETE' && MODEL_PATH.test(pathname)) return { kind: 'not-implemented' };
  // A served path called with another method is a mistake (OpenAI's "Invalid URL"), not a
  // missing feature, even where its prefix is one (`PUT /pg/chat/completions`).
  if (SERVED_PATHS.has(pathname)) return { kind: 'not-found' };
  if (underPrefix(pathname)) return { kind: 'not-implemented' };
  return { kind: 'not-found' };
}

/**
 * Whether a path is the Gemini API's: anything under `/v1beta`, and a Gemini method of a model under
 * `/v1` (not any name with a colon: OpenAI's fine-tuned models are `ft:gpt-4o:org`).
 */
/** `/v1/models/{model}:{a Gemini method}{anything}`: a Gemini call with its method name mangled. */
function isMangledGeminiMethodPath(pathname: string): boolean {
  const match = /^\/(v1beta|v1)\/(models|tunedModels)\/[^/]+:([^/:]+)$/.exec(pathname);
  if (!match) return false;
  const tail = match[3]!;
  for (const method of GEMINI_METHODS.keys()) if (tail.startsWith(method)) return true;
  return false;
}

export function isGeminiPath(pathname: string): boolean {
  if (pathname === '/v1beta' || pathname.startsWith('/v1beta/')) return true;
  const match = GEMINI_METHOD_PATH.exec(pathname);
  return match !== null && GEMINI_METHODS.has(match[4]!);
}

/**
 * The protocol a request's answers (errors included) are written in: Anthropic's for its Messages
 * paths, and for the model list when the client sends `anthropic-version` (the Anthropic SDKs
 * always do); Gemini's under `/v1beta`, for the model methods under `/v1`, and for the `/v1`
 * model list of a client sending a Google API key header (`x-goog-api-key`, as Google's SDKs do);
 * OpenAI's everywhere else.
 */
export function protocolOfRequest(
  pathname: string,
  anthropicVersion: string | string[] | undefined,
  googleApiKey?: string | string[],
): InboundProtocol {
  if (pathname === '/v1/messages' || pathname.startsWith('/v1/messages/')) return 'anthropic';
  if (pathname === '/v1/responses' || pathname.startsWith('/v1/responses/')) return 'responses';
  if (isGeminiPath(pathname)) return 'gemini';
  const modelList = pathname === '/v1/models' || pathname.startsWith('/v1/models/');
  if (anthropicVersion !== undefined && modelList) return 'anthropic';
  if (googleApiKey !== undefined && modelList) return 'gemini';
  return 'openai';
}
