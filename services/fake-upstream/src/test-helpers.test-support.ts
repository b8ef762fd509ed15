// Helpers of this workspace's own tests: JSON requests with fetch and a strict SSE reader.
import type { FakeUpstream } from './server';

/** POSTs `body` (JSON-encoded unless a string) to `path` of the fake. */
export function post(
  fake: FakeUpstream,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

/** A chat request for `model` with one user message. */
export const chat = (model = 'gpt-4o', extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Say hello to the fake upstream, please.' }],
  ...extra,
});

/**
 * Splits a complete SSE body into its `data:` payloads, failing unless every event is exactly
 * `data: <payload>\n\n` and the last one is `[DONE]`.
 */
export function sseEvents(raw: string): { chunks: Record<string, unknown>[]; done: boolean } {
  if (!/^(data: [^\n]+\n\n)*$/.test(raw)) throw new Error(`not SSE framing: ${JSON.stringify(raw.slice(0, 200))}`);
  const payloads = raw
    .split('\n\n')
    .filter((event) => event !== '')
    .map((event) => event.slice('data: '.length));
  const done = payloads[payloads.length - 1] === '[DONE]';
  if (payloads.slice(0, -1).includes('[DONE]')) throw new Error('[DONE] before the end of the stream');
  const chunks = (done ? payloads.slice(0, -1) : payloads).map((p) => JSON.parse(p) as Record<string, unknown>);
  return { chunks, done };
}

/** Reads a stream until it ends or fails; returns the text received and the failure, if any. */
export async function readUntilEnd(res: Response): Promise<{ text: string; error: unknown }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, error: undefined };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, error };
  }
}

/** Waits until `condition` holds, polling every 5 ms, up to `ms`. */
export async function until(condition: () => boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
