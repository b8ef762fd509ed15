// Streaming chat completions. k6 reads a stream to its end, so http_req_duration is the whole
// answer; time_to_first_byte (the response headers, which the gateway sends as soon as the
// upstream answers) is the number a streaming client feels first.
//   k6 run -e BASE_URL=https://gateway.example.com -e API_KEY=sk-... loadtests/k6/chat-stream.js
import http from 'k6/http';
import { Trend } from 'k6/metrics';
import { BASE_URL, chatBody, checkStream, jsonParams, constantLoad, requireApiKey } from './lib/config.js';

const timeToFirstByte = new Trend('time_to_first_byte', true);

export const options = constantLoad({ time_to_first_byte: [`p(95)<${Number(__ENV.MAX_TTFB_P95_MS || 2000)}`] });

export function setup() {
  requireApiKey();
}

export default function () {
  const res = http.post(`${BASE_URL}/v1/chat/completions`, chatBody(true), jsonParams({ endpoint: 'chat-stream' }));
  timeToFirstByte.add(res.timings.waiting);
  checkStream(res);
}
