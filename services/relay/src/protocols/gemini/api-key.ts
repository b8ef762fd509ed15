import type { IncomingHttpHeaders } from 'node:http';

/**
 * Where a Gemini client puts its key: the `x-goog-api-key` header (Google's SDKs), the `key` query
 * parameter (Google's REST examples), or `Authorization: Bearer` like any other client. The gateway
 * reads keys from `Authorization`, so a Google key found first is presented there.
 */
export function withGeminiKey(headers: IncomingHttpHeaders, query: string | undefined): IncomingHttpHeaders {
  const header = headers['x-goog-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim() || queryKey(query);
  return key ? { ...headers, authorization: `Bearer ${key}` } : headers;
}

function queryKey(query: string | undefined): string | undefined {
  if (!query) return undefined;
  return new URLSearchParams(query).get('key')?.trim() || undefined;
}

/** Whether a streamed generation is asked as server-sent events (`alt=sse`); otherwise it is one JSON array. */
export function asksForSse(query: string | undefined): boolean {
  return query !== undefined && new URLSearchParams(query).get('alt') === 'sse';
}
