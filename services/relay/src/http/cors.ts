import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/**
 * Permissive CORS on the relay's token paths, as OpenAI-compatible gateways offer it: browser
 * apps call `/v1` with their own key, so any origin may call, with any header. Never with
 * credentials: these paths are authenticated by the key the app sends, not by the browser's
 * cookies, so no page may make the browser attach (or read answers made with) its cookies.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('Access-Control-Max-Age', '86400');
  }
}

/** A CORS preflight: answered 204 without authentication. */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;
}
