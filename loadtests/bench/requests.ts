import type { Mode, TargetName } from './types';

/** An HTTP request as both the load worker and the probe client send it. */
export interface BenchRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** Where each target listens and how it is authenticated. */
export interface Endpoints {
  /** Origin of the fake upstream, e.g. `http://127.0.0.1:41000`. */
  fakeUrl: string;
  portkeyUrl?: string;
  relayUrl?: string;
  /** `sk-…` token of the relay's benchmark user. */
  relayKey?: string;
}

/** The model every request asks for; the relay's benchmark channel serves it. */
export const BENCH_MODEL = 'gpt-4o-mini';

/** Credential the fake upstream receives (it accepts any). */
export const UPSTREAM_KEY = 'sk-fake';

/**
 * The request body, the same for every target so the only difference measured is the hop.
 * Streaming asks for usage in the stream, as a billing gateway must, so the direct run carries
 * the same bytes as the proxied ones (the fake upstream sends the usage chunk only when asked).
 */
export function requestBody(mode: Mode): string {
  const messages = [{ role: 'user', content: 'Say hello to the benchmark.' }];
  return JSON.stringify(
    mode === 'stream'
      ? { model: BENCH_MODEL, messages, stream: true, stream_options: { include_usage: true } }
      : { model: BENCH_MODEL, messages },
  );
}

/** The chat-completion request for `target`; throws when that target was not started. */
export function buildRequest(target: TargetName, mode: Mode, endpoints: Endpoints): BenchRequest {
  const body = requestBody(mode);
  const json = { 'content-type': 'application/json' };
  switch (target) {
    case 'direct':
      return {
        url: `${endpoints.fakeUrl}/v1/chat/completions`,
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${UPSTREAM_KEY}` },
        body,
      };
    case 'portkey':
      if (!endpoints.portkeyUrl) throw new Error('Portkey is not running');
      return {
        url: `${endpoints.portkeyUrl}/v1/chat/completions`,
        method: 'POST',
        headers: {
          ...json,
          // Portkey passes the bearer token on as the provider key.
          authorization: `Bearer ${UPSTREAM_KEY}`,
          'x-portkey-provider': 'openai',
          'x-portkey-custom-host': `${endpoints.fakeUrl}/v1`,
        },
        body,
      };
    case 'relay':
      if (!endpoints.relayUrl || !endpoints.relayKey) throw new Error('the relay is not running');
      return {
        url: `${endpoints.relayUrl}/v1/chat/completions`,
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${endpoints.relayKey}` },
        body,
      };
  }
}

/**
 * Checks that one answer is a real chat completion of the expected kind, so a target that
 * answers fast with an error or an empty body is caught before it is measured. Returns the
 * problem, or null when the answer is good.
 */
export function checkAnswer(mode: Mode, status: number, contentType: string, body: string): string | null {
  const excerpt = body.length > 300 ? `${body.slice(0, 300)}…` : body;
  if (status < 200 || status > 299) return `HTTP ${status}: ${excerpt}`;
  if (mode === 'json') {
    if (!contentType.includes('application/json')) return `content type '${contentType}', expected JSON`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `body is not JSON: ${excerpt}`;
    }
    const completion = parsed as { object?: unknown; choices?: Array<{ message?: { content?: unknown } }> };
    if (completion.object !== 'chat.completion') return `object is not chat.completion: ${excerpt}`;
    const content = completion.choices?.[0]?.message?.content;
    return typeof content === 'string' && content.length > 0 ? null : `no message content: ${excerpt}`;
  }
  if (!contentType.includes('text/event-stream')) return `content type '${contentType}', expected text/event-stream`;
  const events = body
    .split(/\r?\n\r?\n/)
    .map((event) => event.trim())
    .filter((event) => event.startsWith('data:'))
    .map((event) => event.slice(5).trim());
  if (events[events.length - 1] !== '[DONE]') return `stream does not end with data: [DONE]: ${excerpt}`;
  const chunks = events.slice(0, -1).map((data) => {
    try {
      return JSON.parse(data) as { choices?: Array<{ delta?: { content?: unknown } }>; usage?: unknown };
    } catch {
      return undefined;
    }
  });
  if (chunks.some((chunk) => chunk === undefined)) return `stream has an event that is not JSON: ${excerpt}`;
  const hasContent = chunks.some((chunk) => typeof chunk?.choices?.[0]?.delta?.content === 'string');
  if (!hasContent) return `stream carries no content: ${excerpt}`;
  const hasUsage = chunks.some((chunk) => chunk?.usage !== null && typeof chunk?.usage === 'object');
  return hasUsage ? null : `stream carries no usage chunk: ${excerpt}`;
}
