// Settings and helpers every script shares. k6 runs these files as ES modules; the JSDoc types
// are checked with @types/k6 (see tsconfig.json), so a wrong k6 API call fails CI, not a load test.
import { check } from 'k6';

/** Origin of the gateway, without /v1 (e.g. https://gateway.example.com). */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

/** A Modelgate token, `sk-…`. */
export const API_KEY = __ENV.API_KEY || '';

/** Chat model to call; it must be enabled for the token's group. */
export const MODEL = __ENV.MODEL || 'gpt-4o-mini';

/** Embedding model for embeddings.js and the soak's embedding share. */
export const EMBEDDING_MODEL = __ENV.EMBEDDING_MODEL || 'text-embedding-3-small';

/** Largest acceptable p95 of a whole response, ms (depends on the upstream behind the gateway). */
export const MAX_P95_MS = Number(__ENV.MAX_P95_MS || 10000);

/**
 * Options of a constant-load script: VUS (default 10) virtual users for DURATION (default 1m),
 * failing the run when more than 1 % of requests or checks fail or p95 exceeds MAX_P95_MS.
 * @param {Record<string, string[]>} [extraThresholds] thresholds of the script's own metrics
 * @returns {import('k6/options').Options}
 */
export function constantLoad(extraThresholds = {}) {
  return {
    vus: Number(__ENV.VUS || 10),
    duration: __ENV.DURATION || '1m',
    thresholds: {
      http_req_failed: ['rate<0.01'],
      checks: ['rate>0.99'],
      http_req_duration: [`p(95)<${MAX_P95_MS}`],
      ...extraThresholds,
    },
  };
}

/** Stops the run at once with a clear message instead of a run full of 401s. */
export function requireApiKey() {
  if (!API_KEY) throw new Error('set API_KEY to a Modelgate token: k6 run -e API_KEY=sk-... script.js');
}

/** Request parameters for a JSON call with the token. */
export function jsonParams(/** @type {Record<string, string>} */ tags = {}) {
  return {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${API_KEY}` },
    tags,
    timeout: '120s',
  };
}

/**
 * A chat completion request body.
 * @param {boolean} stream
 */
export function chatBody(stream) {
  const body = {
    model: MODEL,
    messages: [{ role: 'user', content: 'Reply with one short sentence about load testing.' }],
    max_tokens: 32,
  };
  return JSON.stringify(stream ? { ...body, stream: true, stream_options: { include_usage: true } } : body);
}

/**
 * Checks a whole chat completion.
 * @param {import('k6/http').RefinedResponse<'text'>} res
 */
export function checkCompletion(res) {
  return check(res, {
    'status is 200': (r) => r.status === 200,
    'has a choice': (r) => {
      const body = /** @type {{ choices?: unknown[] } | null} */ (safeJson(r));
      return Array.isArray(body?.choices) && body.choices.length > 0;
    },
  });
}

/**
 * Checks a streamed chat completion: k6 reads the whole stream, so the body holds every event.
 * @param {import('k6/http').RefinedResponse<'text'>} res
 */
export function checkStream(res) {
  const body = typeof res.body === 'string' ? res.body : '';
  return check(res, {
    'status is 200': (r) => r.status === 200,
    'is an event stream': (r) => String(r.headers['Content-Type'] || '').startsWith('text/event-stream'),
    'ends with [DONE]': () => body.trimEnd().endsWith('data: [DONE]'),
    'carries usage': () => body.includes('"usage":{'),
  });
}

/**
 * Checks an embeddings answer: one vector per input.
 * @param {import('k6/http').RefinedResponse<'text'>} res
 * @param {number} inputs
 */
export function checkEmbeddings(res, inputs) {
  return check(res, {
    'status is 200': (r) => r.status === 200,
    'one vector per input': (r) => {
      const body = /** @type {{ data?: unknown[] } | null} */ (safeJson(r));
      return Array.isArray(body?.data) && body.data.length === inputs;
    },
  });
}

/**
 * The parsed body, or null when it is not JSON.
 * @param {import('k6/http').RefinedResponse<'text'>} res
 */
function safeJson(res) {
  try {
    return res.json();
  } catch {
    return null;
  }
}
