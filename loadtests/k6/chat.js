// Non-streaming chat completions at a constant number of virtual users.
//   k6 run -e BASE_URL=https://gateway.example.com -e API_KEY=sk-... -e MODEL=gpt-4o-mini loadtests/k6/chat.js
// VUS (default 10) and DURATION (default 1m) shape the load.
import http from 'k6/http';
import { BASE_URL, chatBody, checkCompletion, jsonParams, constantLoad, requireApiKey } from './lib/config.js';

export const options = constantLoad();

export function setup() {
  requireApiKey();
}

export default function () {
  const res = http.post(`${BASE_URL}/v1/chat/completions`, chatBody(false), jsonParams({ endpoint: 'chat' }));
  checkCompletion(res);
}
