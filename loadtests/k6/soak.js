// A mixed soak: chat, streaming chat and embeddings side by side at fixed arrival rates for a
// long time, to find what only shows up over time (memory growth, connection leaks, a billing
// backlog). Each traffic kind has its own thresholds; k6 exits non-zero when one is crossed.
//   k6 run -e BASE_URL=https://gateway.example.com -e API_KEY=sk-... loadtests/k6/soak.js
// SOAK_DURATION (default 30m) and RATE (chat requests per second, default 20; streaming gets
// the same, embeddings half) shape the load.
import http from 'k6/http';
import { Trend } from 'k6/metrics';
import {
  BASE_URL,
  chatBody,
  checkCompletion,
  checkEmbeddings,
  checkStream,
  EMBEDDING_MODEL,
  jsonParams,
  MAX_P95_MS,
  requireApiKey,
} from './lib/config.js';

const DURATION = __ENV.SOAK_DURATION || '30m';
const RATE = Number(__ENV.RATE || 20);
const timeToFirstByte = new Trend('time_to_first_byte', true);

/**
 * One constant-arrival-rate scenario: requests keep arriving at `rate` per second however slow
 * the gateway gets, so a slowdown shows up as latency and dropped iterations, not as less load.
 * @param {string} exec
 * @param {number} rate
 * @returns {import('k6/options').ConstantArrivalRateScenario}
 */
function steady(exec, rate) {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate,
    timeUnit: '1s',
    duration: DURATION,
    preAllocatedVUs: Math.max(2, rate),
    maxVUs: rate * 10,
  };
}

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    chat: steady('chat', RATE),
    stream: steady('stream', RATE),
    embeddings: steady('embeddings', Math.max(1, Math.floor(RATE / 2))),
  },
  thresholds: {
    http_req_failed: ['rate<0.005'],
    checks: ['rate>0.995'],
    dropped_iterations: ['count<10'],
    'http_req_duration{scenario:chat}': [`p(95)<${MAX_P95_MS}`, `p(99)<${MAX_P95_MS * 2}`],
    'http_req_duration{scenario:stream}': [`p(95)<${MAX_P95_MS}`],
    'http_req_duration{scenario:embeddings}': [`p(95)<${MAX_P95_MS}`],
    time_to_first_byte: [`p(95)<${Number(__ENV.MAX_TTFB_P95_MS || 2000)}`],
  },
};

export function setup() {
  requireApiKey();
}

export function chat() {
  checkCompletion(http.post(`${BASE_URL}/v1/chat/completions`, chatBody(false), jsonParams()));
}

export function stream() {
  const res = http.post(`${BASE_URL}/v1/chat/completions`, chatBody(true), jsonParams());
  timeToFirstByte.add(res.timings.waiting);
  checkStream(res);
}

export function embeddings() {
  const res = http.post(
    `${BASE_URL}/v1/embeddings`,
    JSON.stringify({ model: EMBEDDING_MODEL, input: ['soak test sentence'] }),
    jsonParams(),
  );
  checkEmbeddings(res, 1);
}
