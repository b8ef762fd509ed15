// Which endpoint a method and path ask for: OpenAI's `/v1/…` paths (the Responses API also under
// Azure's `/openai/v1/responses` and `/openai/responses?api-version=`), the legacy
// `/v1/engines/{model}/embeddings`, Azure's `/openai/deployments/{deployment}/…`, Anthropic's
// `/v1/messages`, Bedrock Runtime's `/model/{modelId}/invoke…` and Google's (google-routes.ts).
import type { Endpoint, Provider } from './exchange';
import { resolveGeminiRoute, resolveVertexRoute } from './google-routes';

/** A resolved route. */
export interface Route {
  readonly endpoint: Endpoint;
  /** Azure deployment named by the path. */
  readonly deployment?: string;
  /** Model named by the path (`/v1/models/{model}`, `/v1/engines/{model}/…`, `/model/{modelId}/…`). */
  readonly pathModel?: string;
  /** The API family of a path that belongs to one provider only (OpenAI's paths leave it unset). */
  readonly provider?: Provider;
  /** The id a path names (`/v1/responses/{id}`). */
  readonly resourceId?: string;
  /** Whether the path answers 404 without an `api-version` query parameter (Azure's). */
  readonly needsApiVersion?: boolean;
  /** Google's paths: the API version (`v1`, `v1beta`, `v1beta1`); on Vertex AI the resource. */
  readonly google?: {
    readonly version: string;
    readonly project?: string;
    readonly location?: string;
    readonly publisher?: string;
  };
}

/** The model used when a request names none; endpoints without one here require `model`. */
export const DEFAULT_MODEL_OF: Partial<Record<Endpoint, string>> = {
  moderations: 'omni-moderation-latest',
  images: 'dall-e-2',
  'image-edits': 'dall-e-2',
  'image-variations': 'dall-e-2',
};

/** Endpoints whose request body is a multipart form. */
export const MULTIPART_ENDPOINTS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  'transcriptions',
  'translations',
  'image-edits',
  'image-variations',
]);

// The task part of a path, shared by OpenAI (after `/v1`) and Azure (after the deployment).
const TASKS: Readonly<Record<string, Endpoint>> = {
  '/chat/completions': 'chat',
  '/completions': 'completions',
  '/embeddings': 'embeddings',
  '/moderations': 'moderations',
  '/images/generations': 'images',
  '/images/edits': 'image-edits',
  '/images/variations': 'image-variations',
  '/audio/speech': 'speech',
  '/audio/transcriptions': 'transcriptions',
  '/audio/translations': 'translations',
  '/rerank': 'rerank',
};

/** Endpoints that name no model (the model list and the account endpoints). */
export const MODEL_FREE_ENDPOINTS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  'models',
  'billing-subscription',
  'billing-usage',
  'user-info',
  'user-balance',
  'response-get',
  'response-delete',
  'response-cancel',
  'response-input-items',
]);

/** Endpoints whose answer is a stream whatever the body says. */
export const ALWAYS_STREAMING: ReadonlySet<Endpoint> = new Set<Endpoint>([
  'bedrock-stream',
  'gemini-stream',
  'vertex-stream-raw-predict',
]);

/** Endpoints that stream when the body sends `stream: true`. */
export const MAY_STREAM: ReadonlySet<Endpoint> = new Set<Endpoint>(['chat', 'completions', 'anthropic-messages', 'responses']);

// Account endpoints gateways read balances from (OpenAI, SiliconCloud, DeepSeek), by path.
const ACCOUNT_GET = new Map<string, Route>([
  ['/v1/dashboard/billing/subscription', { endpoint: 'billing-subscription' }],
  ['/dashboard/billing/subscription', { endpoint: 'billing-subscription' }],
  ['/v1/dashboard/billing/usage', { endpoint: 'billing-usage' }],
  ['/dashboard/billing/usage', { endpoint: 'billing-usage' }],
  ['/v1/user/info', { endpoint: 'user-info' }],
  ['/user/balance', { endpoint: 'user-balance' }],
]);

// Constant route objects for the fixed paths: no allocation on the hot path.
const V1_POST = new Map<string, Route>(Object.entries(TASKS).map(([task, endpoint]) => [`/v1${task}`, { endpoint }]));
V1_POST.set('/v1/messages', { endpoint: 'anthropic-messages', provider: 'anthropic' });
V1_POST.set('/v1/messages/count_tokens', { endpoint: 'anthropic-count-tokens', provider: 'anthropic' });
const BEDROCK_PREFIX = '/model/';
const BEDROCK_TASKS: Readonly<Record<string, Endpoint>> = {
  '/invoke': 'bedrock-invoke',
  '/invoke-with-response-stream': 'bedrock-stream',
};
const MODELS_ROUTE: Route = { endpoint: 'models' };
const AZURE_PREFIX = '/openai/deployments/';
const ENGINES_PREFIX = '/v1/engines/';
const MODEL_PREFIX = '/v1/models/';

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

// The Responses API's roots: OpenAI's, Azure's v1 and Azure's versioned one.
const RESPONSES_ROOTS: readonly (readonly [string, boolean])[] = [
  ['/v1/responses', false],
  ['/openai/v1/responses', false],
  ['/openai/responses', true],
];

/** The Responses API's routes: create, compact, and a stored response's get, delete, cancel, input items. */
function resolveResponsesRoute(method: string, path: string): Route | undefined {
  for (const [root, needsApiVersion] of RESPONSES_ROOTS) {
    if (!path.startsWith(root) || (path.length > root.length && path[root.length] !== '/')) continue;
    const rest = path.slice(root.length);
    const route = (endpoint: Endpoint, resourceId?: string): Route => ({ endpoint, resourceId, needsApiVersion });
    if (rest === '') return method === 'POST' ? route('responses') : undefined;
    if (rest === '/compact' && method === 'POST') return route('responses-compact');
    const [, id, task, extra] = rest.split('/');
    const decoded = id === undefined ? undefined : decode(id);
    if (decoded === undefined || decoded === '' || extra !== undefined) return undefined;
    if (task === undefined) {
      if (method === 'GET') return route('response-get', decoded);
      return method === 'DELETE' ? route('response-delete', decoded) : undefined;
    }
    if (task === 'cancel' && method === 'POST') return route('response-cancel', decoded);
    if (task === 'input_items' && method === 'GET') return route('response-input-items', decoded);
    return undefined;
  }
  return undefined;
}

/** The route of `method` and `path` (without query), or `undefined` for an unknown one. */
export function resolveRoute(method: string, path: string): Route | undefined {
  if (path.includes('/responses')) {
    const responses = resolveResponsesRoute(method, path);
    if (responses !== undefined) return responses;
  }
  if (method === 'POST') {
    const fixed = V1_POST.get(path);
    if (fixed !== undefined) return fixed;
    if (path.startsWith(AZURE_PREFIX)) {
      const slash = path.indexOf('/', AZURE_PREFIX.length);
      if (slash < 0) return undefined;
      const deployment = decode(path.slice(AZURE_PREFIX.length, slash));
      const endpoint = Object.hasOwn(TASKS, path.slice(slash)) ? TASKS[path.slice(slash)] : undefined;
      return deployment === undefined || deployment === '' || endpoint === undefined || endpoint === 'rerank'
        ? undefined
        : { endpoint, deployment };
    }
    if (path.startsWith(BEDROCK_PREFIX)) {
      // The model id is one URL-encoded segment (`anthropic.claude…-v2%3A0`, or an encoded ARN).
      const slash = path.indexOf('/', BEDROCK_PREFIX.length);
      if (slash < 0) return undefined;
      const model = decode(path.slice(BEDROCK_PREFIX.length, slash));
      const task = path.slice(slash);
      const endpoint = Object.hasOwn(BEDROCK_TASKS, task) ? BEDROCK_TASKS[task] : undefined;
      return model === undefined || model === '' || endpoint === undefined
        ? undefined
        : { endpoint, pathModel: model, provider: 'bedrock' };
    }
    if (path.startsWith(ENGINES_PREFIX) && path.endsWith('/embeddings')) {
      const model = decode(path.slice(ENGINES_PREFIX.length, -'/embeddings'.length));
      if (model === undefined || model === '' || model.includes('/')) return undefined;
      return { endpoint: 'embeddings', pathModel: model };
    }
    return path.startsWith('/projects/', path.indexOf('/', 1)) ? resolveVertexRoute(path) : resolveGeminiRoute(method, path);
  }
  if (method === 'GET') {
    if (path === '/v1/models') return MODELS_ROUTE;
    const account = ACCOUNT_GET.get(path);
    if (account !== undefined) return account;
    if (path.startsWith(MODEL_PREFIX)) {
      const model = decode(path.slice(MODEL_PREFIX.length));
      return model === undefined || model === '' ? undefined : { endpoint: 'model', pathModel: model };
    }
    return resolveGeminiRoute(method, path);
  }
  return undefined;
}
