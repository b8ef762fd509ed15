// The key a request presents, whatever the provider: a bearer token (OpenAI, Anthropic's SDK),
// Azure's `api-key`, Anthropic's `x-api-key`, Google's `x-goog-api-key`, or the access key id of
// an AWS SigV4 signature.
import type { IncomingHttpHeaders } from 'node:http';

const SIGV4_PREFIX = 'AWS4-HMAC-SHA256 ';

/** The access key id of a SigV4 `authorization` value (`… Credential=AKID/date/region/…`). */
export function accessKeyIdOf(authorization: string): string | undefined {
  const at = authorization.indexOf('Credential=');
  if (at < 0) return undefined;
  const start = at + 'Credential='.length;
  const slash = authorization.indexOf('/', start);
  return slash < 0 ? undefined : authorization.slice(start, slash);
}

/**
 * The key a request presents: the bearer token of `authorization` (or, for AWS SigV4, its access
 * key id), else `api-key`, else `x-api-key`, else `x-goog-api-key`.
 */
export function apiKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    if (/^bearer /i.test(authorization)) return authorization.slice(7).trim();
    if (authorization.startsWith(SIGV4_PREFIX)) return accessKeyIdOf(authorization) ?? authorization;
    return authorization;
  }
  const key = headers['api-key'] ?? headers['x-api-key'] ?? headers['x-goog-api-key'];
  return Array.isArray(key) ? key[0] : key;
}
