// Writing whole (non-streaming) responses with as little work as possible on the hot path.
import type { ServerResponse } from 'node:http';

const JSON_TYPE = 'application/json';

/** Sends `body` (already serialised) with a content type and explicit length. */
export function sendBody(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  contentType: string,
): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
  });
  res.end(body);
}

/** Sends `value` as JSON. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendBody(res, status, JSON.stringify(value), JSON_TYPE);
}
