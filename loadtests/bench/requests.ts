import { excerptOf, isCount, parseSse } from './answer-parsing';
import { checkGeminiResponse, checkGeminiStream } from './gemini-answer';
import { checkResponsesResponse, checkResponsesStream } from './responses-answer';
import { type Mode, type Protocol, TARGET_PROTOCOLS, type TargetName } from './types';

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
  /** Origin of the bare Node proxy in front of the fake upstream. */
  bareUrl?: string;
  portkeyUrl?: string;
  relayUrl?: string;
  /** Origin of the relay running several workers (`relay-2w`). */
  relayWorkersUrl?: string;
  /** `sk-…` token of the benchmark user there (the same as `relayKey` unless it has a database of its own). */
  relayWorkersKey?: string;
  /** `sk-…` token of the relay's benchmark user. */
  relayKey?: string;
}

/** The model every request asks for; the relay's benchmark channel serves it. */
export const BENCH_MODEL = 'gpt-4o-mini';

/**
 * The model of `relay-responses-chat`: served only by the relay's chat-only benchmark channel
 * (a DeepSeek channel on the same fake upstream, which answers any model), so Responses requests
 * for it are converted through chat completions. DeepSeek's own chat model, so the relay has a
 * price for it as it has for {@link BENCH_MODEL}.
 */
export const BENCH_CHAT_ONLY_MODEL = 'deepseek-chat';

/** Credential the fake upstream receives (it accepts any). */
export const UPSTREAM_KEY = 'sk-fake';

/** The question every request asks, in its protocol's shape. */
export const BENCH_PROMPT = 'Say hello to the benchmark.';

/** The system prompt of the translated requests (an SDK client of those APIs typically states one). */
export const BENCH_SYSTEM_PROMPT = 'You are a concise assistant.';

/**
 * The request body, the same for every target so the only difference measured is the hop.
 * Streaming asks for usage in the stream, as a billing gateway must, so the direct run carries
 * the same bytes as the proxied ones (the fake upstream sends the usage chunk only when asked).
 */
export function requestBody(mode: Mode): string {
  const messages = [{ role: 'user', content: BENCH_PROMPT }];
  return JSON.stringify(
    mode === 'stream'
      ? { model: BENCH_MODEL, messages, stream: true, stream_options: { include_usage: true } }
      : { model: BENCH_MODEL, messages },
  );
}

/** The `anthropic-version` the Anthropic SDKs send. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * The answer's token limit in the requests of the other protocols: `max_tokens` of the Anthropic
 * requests (the Messages API requires it), `maxOutputTokens` of the Gemini ones and
 * `max_output_tokens` of the Responses ones (so they all ask exactly the same). Close to the relay's default `PreConsumedQuota` of 500 tokens,
 * which sizes the reservation of the OpenAI requests that state none, so every protocol reserves
 * about the same quota per request and draws on its quota lease at the same pace.
 */
export const TRANSLATED_MAX_TOKENS = 512;

/**
 * The body an Anthropic SDK sends for the same question (`client.messages.create`): the model,
 * `max_tokens`, a system prompt as a string, one user message, and `stream` when streaming. The
 * relay translates it into a chat completion request for its OpenAI channel.
 */
export function anthropicRequestBody(mode: Mode): string {
  return JSON.stringify({
    model: BENCH_MODEL,
    max_tokens: TRANSLATED_MAX_TOKENS,
    system: BENCH_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: BENCH_PROMPT }],
    ...(mode === 'stream' ? { stream: true } : {}),
  });
}

/**
 * The body Google's Gen AI SDK sends for the same question (`ai.models.generateContent` with the
 * prompt as `contents`, and `systemInstruction` and `maxOutputTokens` in its config): one user
 * turn, the system instruction as a content, and the generation config. Whole or streamed is the
 * URL's method, not the body. The relay translates it into a chat completion request for its
 * OpenAI channel.
 */
export function geminiRequestBody(): string {
  return JSON.stringify({
    contents: [{ role: 'user', parts: [{ text: BENCH_PROMPT }] }],
    systemInstruction: { role: 'user', parts: [{ text: BENCH_SYSTEM_PROMPT }] },
    generationConfig: { maxOutputTokens: TRANSLATED_MAX_TOKENS },
  });
}

/**
 * The body the OpenAI SDK sends for the same question (`client.responses.create`): the model, the
 * prompt as `input`, the system prompt as `instructions`, `max_output_tokens`, and `stream` when
 * streaming. `store: false` asks, as the chat requests do, for an answer nothing keeps: a stored
 * response would grow the fake upstream's store with every request, and the comparison is about
 * the protocol, not about storage. Sent for `model` to the OpenAI channel, the relay passes it
 * through; for the chat-only channel's model, it converts it through chat completions.
 */
export function responsesRequestBody(mode: Mode, model: string = BENCH_MODEL): string {
  return JSON.stringify({
    model,
    instructions: BENCH_SYSTEM_PROMPT,
    input: BENCH_PROMPT,
    max_output_tokens: TRANSLATED_MAX_TOKENS,
    store: false,
    ...(mode === 'stream' ? { stream: true } : {}),
  });
}

/** The Gemini API method of a mode: `generateContent`, or `streamGenerateContent` as server-sent events. */
export function geminiMethod(mode: Mode): string {
  return mode === 'stream' ? 'streamGenerateContent?alt=sse' : 'generateContent';
}

/**
 * The request for `target` (a chat completion, a Message, a generateContent or a Response); throws when that
 * target was not started.
 */
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
    case 'bare':
      if (!endpoints.bareUrl) throw new Error('the bare proxy is not running');
      return {
        url: `${endpoints.bareUrl}/v1/chat/completions`,
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
    case 'relay-2w':
      if (!endpoints.relayWorkersUrl || !endpoints.relayWorkersKey) throw new Error('the relay with workers is not running');
      return {
        url: `${endpoints.relayWorkersUrl}/v1/chat/completions`,
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${endpoints.relayWorkersKey}` },
        body,
      };
    case 'relay-anthropic':
      if (!endpoints.relayUrl || !endpoints.relayKey) throw new Error('the relay is not running');
      return {
        url: `${endpoints.relayUrl}/v1/messages`,
        method: 'POST',
        // As the Anthropic SDKs send it: the key in x-api-key, and the API version.
        headers: { ...json, 'x-api-key': endpoints.relayKey, 'anthropic-version': ANTHROPIC_VERSION },
        body: anthropicRequestBody(mode),
      };
    case 'relay-gemini':
      if (!endpoints.relayUrl || !endpoints.relayKey) throw new Error('the relay is not running');
      return {
        url: `${endpoints.relayUrl}/v1beta/models/${BENCH_MODEL}:${geminiMethod(mode)}`,
        method: 'POST',
        // As Google's Gen AI SDK sends it: the key in x-goog-api-key.
        headers: { ...json, 'x-goog-api-key': endpoints.relayKey },
        body: geminiRequestBody(),
      };
    case 'relay-responses':
    case 'relay-responses-chat':
      if (!endpoints.relayUrl || !endpoints.relayKey) throw new Error('the relay is not running');
      return {
        url: `${endpoints.relayUrl}/v1/responses`,
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${endpoints.relayKey}` },
        body: responsesRequestBody(mode, target === 'relay-responses' ? BENCH_MODEL : BENCH_CHAT_ONLY_MODEL),
      };
  }
}

/**
 * Checks that one answer of `target` is a real answer of the expected kind, so a target that
 * answers fast with an error or an empty body is caught before it is measured. Returns the
 * problem, or null when the answer is good.
 */
export function checkAnswer(target: TargetName, mode: Mode, status: number, contentType: string, body: string): string | null {
  return checkProtocolAnswer(TARGET_PROTOCOLS[target], mode, status, contentType, body);
}

/**
 * {@link checkAnswer} by protocol: a chat completion (OpenAI), a Message (Anthropic), a
 * `GenerateContentResponse` (Gemini) or a Response (OpenAI Responses).
 */
export function checkProtocolAnswer(
  protocol: Protocol,
  mode: Mode,
  status: number,
  contentType: string,
  body: string,
): string | null {
  const excerpt = excerptOf(body);
  if (status < 200 || status > 299) return `HTTP ${status}: ${excerpt}`;
  if (mode === 'json') {
    if (!contentType.includes('application/json')) return `content type '${contentType}', expected JSON`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `body is not JSON: ${excerpt}`;
    }
    return JSON_CHECKS[protocol](parsed, excerpt);
  }
  if (!contentType.includes('text/event-stream')) return `content type '${contentType}', expected text/event-stream`;
  return STREAM_CHECKS[protocol](body, excerpt);
}

function checkChatCompletion(parsed: unknown, excerpt: string): string | null {
  const completion = parsed as { object?: unknown; choices?: Array<{ message?: { content?: unknown } }> };
  if (completion.object !== 'chat.completion') return `object is not chat.completion: ${excerpt}`;
  const content = completion.choices?.[0]?.message?.content;
  return typeof content === 'string' && content.length > 0 ? null : `no message content: ${excerpt}`;
}

function checkChatStream(body: string, excerpt: string): string | null {
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

/** An Anthropic Message: `type: "message"`, a non-empty text block, and the token usage. */
function checkAnthropicMessage(parsed: unknown, excerpt: string): string | null {
  const message = parsed as {
    type?: unknown;
    role?: unknown;
    content?: Array<{ type?: unknown; text?: unknown }>;
    usage?: { input_tokens?: unknown; output_tokens?: unknown };
  };
  if (message.type !== 'message' || message.role !== 'assistant') return `not an assistant message: ${excerpt}`;
  const text = Array.isArray(message.content) ? message.content.find((block) => block?.type === 'text') : undefined;
  if (typeof text?.text !== 'string' || text.text.length === 0) return `no text block: ${excerpt}`;
  if (!isCount(message.usage?.input_tokens) || !isCount(message.usage?.output_tokens)) return `no usage: ${excerpt}`;
  return null;
}

/**
 * Anthropic's stream: every event named, with JSON data of the same `type`; `message_start`
 * first, a text block (`content_block_start`, `text_delta`s with text, `content_block_stop`),
 * `message_delta` with the output usage, and `message_stop` last; no `error` event.
 */
function checkAnthropicStream(body: string, excerpt: string): string | null {
  const events = parseSse(body);
  const data: Array<Record<string, unknown>> = [];
  for (const { event, data: text } of events) {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return `stream has an event that is not JSON: ${excerpt}`;
    }
    if (event === '' || parsed['type'] !== event) return `event '${event}' carries data of type '${String(parsed['type'])}': ${excerpt}`;
    if (event === 'error') return `stream carries an error event: ${excerpt}`;
    data.push(parsed);
  }
  const names = data.filter((d) => d['type'] !== 'ping').map((d) => d['type'] as string);
  if (names[0] !== 'message_start') return `stream does not start with message_start: ${excerpt}`;
  if (names[names.length - 1] !== 'message_stop') return `stream does not end with message_stop: ${excerpt}`;
  if (names[names.length - 2] !== 'message_delta') return `no message_delta before message_stop: ${excerpt}`;
  const textStart = data.findIndex(
    (d) => d['type'] === 'content_block_start' && (d['content_block'] as { type?: unknown } | undefined)?.type === 'text',
  );
  if (textStart < 0) return `stream opens no text block: ${excerpt}`;
  const index = data[textStart]!['index'];
  const ofBlock = data.slice(textStart + 1).filter((d) => d['index'] === index);
  const hasText = ofBlock.some((d) => {
    const delta = d['delta'] as { type?: unknown; text?: unknown } | undefined;
    return d['type'] === 'content_block_delta' && delta?.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== '';
  });
  if (!hasText) return `stream carries no text: ${excerpt}`;
  if (!ofBlock.some((d) => d['type'] === 'content_block_stop')) return `the text block is never stopped: ${excerpt}`;
  const usage = data.find((d) => d['type'] === 'message_delta')!['usage'] as { output_tokens?: unknown } | undefined;
  return isCount(usage?.output_tokens) ? null : `message_delta carries no output usage: ${excerpt}`;
}

/** Each protocol's check of a whole answer, given its parsed JSON. */
const JSON_CHECKS: Readonly<Record<Protocol, (parsed: unknown, excerpt: string) => string | null>> = {
  openai: checkChatCompletion,
  anthropic: checkAnthropicMessage,
  gemini: checkGeminiResponse,
  responses: checkResponsesResponse,
};

/** Each protocol's check of a streamed answer, given the event-stream body. */
const STREAM_CHECKS: Readonly<Record<Protocol, (body: string, excerpt: string) => string | null>> = {
  openai: checkChatStream,
  anthropic: checkAnthropicStream,
  gemini: checkGeminiStream,
  responses: checkResponsesStream,
};
