// Server-sent events framing: OpenAI's `data: <json>\n\n` per chunk with `data: [DONE]\n\n`
// last, and Anthropic's named events `event: <type>\ndata: <json>\n\n`.

/** Response headers of an SSE stream. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
} as const;

/** OpenAI's end of stream. */
export const DONE = 'data: [DONE]\n\n';

/** An unnamed event carrying `json` (already serialised). */
export const sseData = (json: string): string => `data: ${json}\n\n`;

/** A named event carrying `json` (already serialised). */
export const sseEvent = (type: string, json: string): string => `event: ${type}\ndata: ${json}\n\n`;
