// Google's paths: the Gemini API's `/{v1,v1beta}/models/{model}:{method}` and model list.
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
  if (method !== 'POST' || !rest.startsWith('/')) return undefined;
  const found = modelMethod(rest.slice(1), GEMINI_METHODS);
  return found === undefined
    ? undefined
    : { endpoint: found.endpoint, pathModel: found.model, provider: 'gemini', google: { version } };
}
