// Embeddings, a batch of inputs per request.
//   k6 run -e BASE_URL=https://gateway.example.com -e API_KEY=sk-... -e EMBEDDING_MODEL=text-embedding-3-small loadtests/k6/embeddings.js
// BATCH (default 8) sets the inputs per request.
import http from 'k6/http';
import { BASE_URL, checkEmbeddings, EMBEDDING_MODEL, jsonParams, constantLoad, requireApiKey } from './lib/config.js';

const BATCH = Number(__ENV.BATCH || 8);

export const options = constantLoad();

export function setup() {
  requireApiKey();
}

export default function () {
  const input = Array.from({ length: BATCH }, (_, i) => `load test sentence ${i} of iteration ${__ITER}`);
  const res = http.post(
    `${BASE_URL}/v1/embeddings`,
    JSON.stringify({ model: EMBEDDING_MODEL, input }),
    jsonParams({ endpoint: 'embeddings' }),
  );
  checkEmbeddings(res, BATCH);
}
