// Google's paths: the Gemini API's `/{v1,v1beta}/models/{model}:{method}` and model list, and
// Vertex AI's `/{v1,v1beta1}/projects/{p}/locations/{l}/publishers/{google,anthropic}/models/{m}:{method}`.
import type { Endpoint } from './exchange';
import type { Route } from './routes';

/** The Gemini API versions the fake serves (the SDK defaults to `v1`). */
const GEMINI_VERSIONS: ReadonlySet<string> = new Set(['v1', 'v1beta']);

/** The generation methods of a model path, by the name after the colon. */
const GEMINI_METHODS: Readonly<Record<string, Endpoint>> = {
  generateContent: 'gemini-generate',
  streamGenerateContent: 'gemini-stream',
  countTokens: 'gemini-count-tokens',
  embedContent: 'gemini-embed',
  batchEmbedContents: 'gemini-batch-embed',
};

/** The Vertex AI API versions the fake serves (the SDK defaults to `v1beta1`). */
const VERTEX_VERSIONS: ReadonlySet<string> = new Set(['v1', 'v1beta1']);

/** The methods of a model path on Vertex AI, per publisher. */
const VERTEX_METHODS: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  google: {
    generateContent: 'gemini-generate',
    streamGenerateContent: 'gemini-stream',
    countTokens: 'gemini-count-tokens',
    embedContent: 'gemini-embed',
    predict: 'vertex-predict',
  },
  anthropic: {
    rawPredict: 'vertex-raw-predict',
    streamRawPredict: 'vertex-stream-raw-predict',
  },
};

/** Claude's token counting on Vertex: a fixed model name, the model in the body. */
const ANTHROPIC_COUNT_TOKENS = 'count-tokens:rawPredict';

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** `{model}:{method}` of a path's tail, with the endpoint `methods` gives the method. */
function modelMethod(
  tail: string,
  methods: Readonly<Record<string, Endpoint>>,
): { model: string; endpoint: Endpoint } | undefined {
  const colon = tail.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const model = decode(tail.slice(0, colon));
  const method = tail.slice(colon + 1);
  const endpoint = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (model === undefined || model.includes('/') || endpoint === undefined) return undefined;
  return { model, endpoint };
}

/** The Gemini API route of `method` and `path`, or `undefined` when the path is not Gemini's. */
export function resolveGeminiRoute(method: string, path: string): Route | undefined {
  // `/v1beta/models…`: the version, then `models`.
  const slash = path.indexOf('/', 1);
  if (slash < 0) return undefined;
  const version = path.slice(1, slash);
  if (!GEMINI_VERSIONS.has(version) || !path.startsWith('/models', slash)) return undefined;
  const rest = path.slice(slash + '/models'.length);
  if (method === 'GET') {
    // `GET /v1/models[/{m}]` is also OpenAI's: the dispatcher tells them apart by the key.
    if (version === 'v1') return undefined;
    if (rest === '') return { endpoint: 'models', provider: 'gemini', google: { version } };
    if (!rest.startsWith('/')) return undefined;
    const model = decode(rest.slice(1));
    return model === undefined || model === '' || model.includes('/')
      ? undefined
      : { endpoint: 'model', pathModel: model, provider: 'gemini', google: { version } };
  }
  if (method !== 'POST') return undefined;
  if (rest === '' || !rest.startsWith('/')) return undefined;
  const found = modelMethod(rest.slice(1), GEMINI_METHODS);
  return found === undefined
    ? undefined
    : { endpoint: found.endpoint, pathModel: found.model, provider: 'gemini', google: { version } };
}

/**
 * The Vertex AI route of a POST to `path`, or `undefined` when the path is not Vertex's:
 * `/{v}/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:{method}`.
 */
export function resolveVertexRoute(path: string): Route | undefined {
  const s = path.split('/');
  // ['', v, 'projects', p, 'locations', l, 'publishers', pub, 'models', 'm:method']
  if (s.length !== 10 || s[2] !== 'projects' || s[4] !== 'locations' || s[6] !== 'publishers' || s[8] !== 'models') {
    return undefined;
  }
  const [, version, , project, , location, , publisher, , tail] = s as [string, string, string, string, string, string, string, string, string, string];
  if (!VERTEX_VERSIONS.has(version) || project === '' || location === '' || !Object.hasOwn(VERTEX_METHODS, publisher)) {
    return undefined;
  }
  const google = { version, project: decode(project) ?? project, location: decode(location) ?? location, publisher };
  if (publisher === 'anthropic' && tail === ANTHROPIC_COUNT_TOKENS) {
    return { endpoint: 'vertex-count-tokens', provider: 'vertex', google };
  }
  const found = modelMethod(tail, VERTEX_METHODS[publisher]!);
  return found === undefined ? undefined : { endpoint: found.endpoint, pathModel: found.model, provider: 'vertex', google };
}
