// Public types of the fake upstream: what a response can be programmed to do, what the server
// records of each request it receives, and how programmed rules pick requests.
import type { IncomingHttpHeaders } from 'node:http';

/** Provider-style error bodies the fake can answer with (`x-fake-error` or `behaviour.error`). */
export type FakeErrorKind =
  | 'invalid_api_key'
  | 'account_deactivated'
  | 'permission'
  | 'rate_limit'
  | 'insufficient_quota'
  | 'model_not_found'
  | 'context_length'
  | 'bad_request'
  | 'server_error'
  | 'overloaded';

/**
 * When usage is reported:
 * - `stream` (default): like OpenAI — in the JSON body; in a stream as a last chunk with empty
 *   `choices`, only when the client sent `stream_options.include_usage: true`.
 * - `final`: like `stream`, but a stream carries usage on its last content chunk (the one with
 *   `finish_reason`) instead of a separate chunk; still only when asked.
 * - `always`: like `stream`, but the usage chunk is sent even when the client did not ask.
 * - `none`: never (neither in the body nor in the stream).
 */
export type FakeUsageMode = 'none' | 'stream' | 'final' | 'always';

/** What one response does. Every field is optional; unset fields take the realistic default. */
export interface FakeBehaviour {
  /** HTTP status. With no `error` or `body`, a status ≥ 400 answers a matching provider error. */
  status?: number;
  /** Answer this provider-style error instead of a result (its own status unless `status` is set). */
  error?: FakeErrorKind;
  /** Replaces the message of the error body (e.g. to trigger an auto-disable keyword). */
  errorMessage?: string;
  /** Milliseconds to wait before sending the response headers. */
  latencyMs?: number;
  /** Number of content chunks of a stream. */
  chunks?: number;
  /** Milliseconds to wait before each content chunk of a stream (headers go out at once). */
  chunkDelayMs?: number;
  /** When usage is reported; see {@link FakeUsageMode}. */
  usage?: FakeUsageMode;
  /**
   * Stream: close the connection after this many content chunks, without `finish_reason` or
   * `[DONE]`. Any other response: close the connection without answering.
   */
  disconnectAfter?: number;
  /** A raw body returned verbatim (a string as is, anything else JSON-encoded). */
  body?: unknown;
  /** Content type of `body` (default `application/json`). */
  contentType?: string;
  /** The completion (or transcription) text. */
  text?: string;
  /** `finish_reason` of the choice (default `stop`). */
  finishReason?: string;
  /** Reported prompt tokens (default: an estimate of the input, about 4 characters a token). */
  promptTokens?: number;
  /** Reported completion tokens (default: one per content chunk). */
  completionTokens?: number;
  /**
   * Reported cached input tokens: OpenAI's `prompt_tokens_details.cached_tokens` (omitted unless
   * set), Anthropic's `cache_read_input_tokens` (0 unless set).
   */
  cachedTokens?: number;
  /** Anthropic: input tokens written to the 5-minute cache (`ephemeral_5m_input_tokens`, default 0). */
  cacheCreationTokens?: number;
  /** Anthropic: input tokens written to the 1-hour cache (`ephemeral_1h_input_tokens`, default 0). */
  cacheCreation1hTokens?: number;
  /**
   * Tool calls the model makes: OpenAI `tool_calls` (finish reason `tool_calls`), Anthropic
   * `tool_use` blocks (stop reason `tool_use`). `arguments` is the JSON text of the arguments.
   */
  toolCalls?: FakeToolCall[];
  /**
   * Reasoning text: OpenAI-compatible `reasoning_content` (DeepSeek/vLLM style), Anthropic a
   * `thinking` block. It counts towards the completion tokens.
   */
  reasoning?: string;
  /**
   * Stream: send this many content chunks, then an error event (the `error` kind's, else the
   * provider's usual mid-stream error) and end the stream without its normal ending.
   */
  streamErrorAfter?: number;
  /**
   * Gemini: a safety block. `prompt` answers `promptFeedback.blockReason: SAFETY` and no
   * candidates; `response` a candidate with `finishReason: SAFETY`, safety ratings and no content.
   */
  blocked?: FakeBlock;
  /**
   * Realtime WebSocket: instead of answering `response.create`, close the socket with this code
   * (1000–4999; the reason is `errorMessage`, default empty).
   */
  closeCode?: number;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

/** Where Gemini's safety filter blocks: the prompt, or the response. */
export type FakeBlock = 'prompt' | 'response';

/** One tool call of a programmed answer. */
export interface FakeToolCall {
  /** The function (tool) name. */
  name: string;
  /** The arguments as JSON text, e.g. `{"city":"Paris"}`. */
  arguments: string;
  /** The call id (default: a unique `call_…` for OpenAI, `toolu_…` for Anthropic). */
  id?: string;
}

/** How a recorded exchange ended. */
export type FakeOutcome = 'pending' | 'completed' | 'cut' | 'client-aborted';

/** One request as received by the fake upstream (an entry of `fake.requests`). */
export interface FakeRequest {
  /** 1-based number of the request since the server started. */
  readonly seq: number;
  readonly method: string;
  /** The request target as sent, path and query. */
  readonly url: string;
  /** The path without the query. */
  readonly path: string;
  /** The query parameters (last value wins). */
  readonly query: Readonly<Record<string, string>>;
  /** Node's lower-cased request headers, e.g. `authorization`, `api-key`. */
  readonly headers: IncomingHttpHeaders;
  /**
   * The key the caller presented: bearer token of `authorization`, else `api-key`, else
   * `x-api-key`, else `x-goog-api-key`, else the `key` query parameter; for an AWS SigV4
   * `authorization`, its access key id.
   */
  readonly apiKey: string | undefined;
  /**
   * The parsed body: JSON as parsed; multipart as its fields, each file as {@link FakeFile};
   * a body that is neither as its text; `undefined` when empty.
   */
  readonly body: unknown;
  /** `body.model`, else the Azure deployment of the path; the model of a Bedrock or Google path. */
  readonly model: string | undefined;
  /** Azure deployment from `/openai/deployments/{deployment}/…`. */
  readonly deployment: string | undefined;
  /** Azure `api-version` query parameter. */
  readonly apiVersion: string | undefined;
  /** Whether the body asked for a stream (a Bedrock `invoke-with-response-stream` always does). */
  readonly stream: boolean;
  /** `Date.now()` when the body had been read. */
  readonly receivedAt: number;
  /** Content chunks written so far (streams). */
  chunksSent: number;
  /** How the exchange ended, updated live. */
  outcome: FakeOutcome;
  /**
   * Realtime WebSocket sessions: the client events received so far, parsed (an
   * `input_audio_buffer.append` keeps `audioBytes`, the decoded size, instead of its `audio`).
   */
  readonly events?: Record<string, unknown>[];
  /** Realtime WebSocket sessions: the close code once the socket closed. */
  closeCode?: number;
}

/** A file part of a multipart body. */
export interface FakeFile {
  readonly filename: string;
  readonly contentType: string | undefined;
  readonly size: number;
}

/** Which requests a programmed rule applies to; every field given must match. */
export interface FakeMatcher {
  /** HTTP method, case-insensitive. */
  method?: string;
  /** The path without query: exact string or pattern. */
  path?: string | RegExp;
  /** The model (`body.model`, the Azure deployment or the Bedrock model id): exact string or pattern. */
  model?: string | RegExp;
  /** The key presented (see {@link FakeRequest.apiKey}). */
  apiKey?: string;
  /** The Azure deployment. */
  deployment?: string;
  /** Any further condition. */
  where?: (request: FakeRequest) => boolean;
}

/** A behaviour, or a function choosing one per request. */
export type FakeBehaviourSource = FakeBehaviour | ((request: FakeRequest) => FakeBehaviour);

/** Options of a programmed rule. */
export interface FakeRuleOptions {
  /** How many requests the rule applies to before it retires (default: unlimited). */
  times?: number;
}

/** Handle of a programmed rule. */
export interface FakeRule {
  /** Requests the rule has applied to. */
  readonly hits: number;
  /** Requests it will still apply to (`Infinity` for unlimited). */
  readonly remaining: number;
  /** Removes the rule. */
  cancel(): void;
}
