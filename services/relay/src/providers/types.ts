import type { ChannelType, OpenAIEndpoint, WireProtocol, WireSchema } from '@modelgate/channel-types';
import type { ChannelEntity } from '@modelgate/db';
import type { AppError } from '@modelgate/runtime';
import type { AnthropicOperation, GeminiOperation } from '../protocols/request';
import type { StreamSummary, WireEvent } from '../protocols/stream-events';
import type { UpstreamError } from '../protocols/upstream-error';
import type { Usage } from '../protocols/usage';

export type { StreamSummary } from '../protocols/stream-events';

/** The channel columns an adapter reads to address and authenticate the upstream. */
export type UpstreamChannel = Pick<
  ChannelEntity,
  'id' | 'type' | 'key' | 'base_url' | 'other' | 'openai_organization' | 'created_time'
>;

/** What an upstream call asks for, in the channel's own protocol. */
export type UpstreamOperation = OpenAIEndpoint | AnthropicOperation | GeminiOperation;

/** The Claude settings of spec §3 (`claude.*` options), as the Claude adapters apply them. */
export interface ClaudeSettings {
  /** `claude.default_max_tokens`: the model's entry, else `default`; undefined when neither is set. */
  defaultMaxTokens(model: string): number | undefined;
  /** `claude.model_headers_settings`: extra headers for the model (values of one header joined by commas). */
  modelHeaders(model: string): Readonly<Record<string, string>>;
  /** `claude.thinking_adapter_enabled`: a model name ending in `-thinking` turns thinking on. */
  readonly thinkingAdapterEnabled: boolean;
  /** `claude.thinking_adapter_budget_tokens_percentage`: the thinking budget as a share of max tokens. */
  readonly thinkingBudgetShare: number;
}

/** The Gemini settings of spec §3 (`gemini.*` options), as the Gemini adapter applies them. */
export interface GeminiSettings {
  /** `gemini.version_settings`: the API version (`v1beta`, `v1`) a model is called at. */
  apiVersion(model: string): string;
  /** `gemini.safety_settings`: the `safetySettings` a request without its own is sent with (none: empty). */
  readonly safetySettings: ReadonlyArray<{ readonly category: string; readonly threshold: string }>;
}

/** Vendor settings from the options that shape upstream requests. */
export interface UpstreamSettings {
  readonly claude: ClaudeSettings;
  /** Absent: the option defaults. */
  readonly gemini?: GeminiSettings;
}

/** Headers of the client's call that an upstream of the same protocol takes as they are. */
export interface ForwardedHeaders {
  readonly anthropicVersion?: string;
  readonly anthropicBeta?: string;
}

/** What the pipeline knows about one call when it builds the upstream request. */
export interface BuildRequestInput {
  readonly channel: UpstreamChannel;
  readonly operation: UpstreamOperation;
  /**
   * The body to send, when it is the client's own bytes (the identity path): sent untouched unless
   * something must change. Absent for a translated request: the adapter serialises `json`.
   */
  readonly body?: Uint8Array;
  /** The body as JSON, in the channel's protocol; absent for multipart uploads. */
  readonly json?: Readonly<Record<string, unknown>>;
  /** The client's `Content-Type` (multipart boundaries live there). */
  readonly contentType?: string;
  /** The client's `Accept`, forwarded. */
  readonly accept?: string;
  /** The client's query string without `?` (Azure reads `api-version` from it). */
  readonly query?: string;
  /** The model name to send upstream (after the channel's `model_mapping`). */
  readonly upstreamModel: string;
  /** The call streams. */
  readonly stream: boolean;
  /**
   * Force `stream_options.include_usage` on for upstreams that accept it (the reference's
   * `FORCE_STREAM_OPTION`, default true), so streamed usage is the provider's, not an estimate.
   */
  readonly forceStreamUsage: boolean;
  readonly forwarded?: ForwardedHeaders;
  readonly settings?: UpstreamSettings;
}

/** The upstream call to make: data, the pipeline does the I/O. */
export interface UpstreamRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body to send: the client's bytes themselves unless {@link bodyRewritten}. */
  readonly body: Uint8Array;
  /** The HTTP method; POST when absent. A GET or DELETE is sent without the body. */
  readonly method?: 'POST' | 'GET' | 'DELETE';
  readonly bodyRewritten: boolean;
  /** A streamed response will carry usage because we asked (`include_usage` sent). */
  readonly streamUsageRequested: boolean;
  /** The client itself asked for `include_usage` (so the usage chunk must reach it). */
  readonly clientRequestedUsage: boolean;
  /**
   * A credential the upstream client exchanges for a short-lived access token and sends as
   * `Authorization: Bearer` (Vertex AI's service accounts); absent: the headers authenticate.
   */
  readonly accessToken?: AccessTokenGrant;
}

/** `fetch` as a token source may use it: through the upstream client's outbound address policy. */
export type TokenFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** A source of access tokens for one credential, refreshing them itself before they expire. */
export interface AccessTokenSource {
  /** A valid access token; rejects with a typed `UpstreamError` when none can be had. */
  accessToken(): Promise<string>;
  /** The upstream refused `token` (revoked, expired early): the next call gets a new one, unless it already did. */
  refused(token: string): void;
}

/**
 * A credential to exchange for access tokens. The upstream client keeps one source per holder (a
 * channel), so a token is fetched once and reused until it nears its expiry, and makes a new one
 * when the holder's credential changes.
 */
export interface AccessTokenGrant {
  /** Who holds the credential, e.g. `channel:7`. */
  readonly holder: string;
  /** Changes with the credential (a digest of the key): a new one replaces the holder's source. */
  readonly fingerprint: string;
  /** A token source for the credential whose calls go through `fetch`. */
  createSource(fetch: TokenFetch): AccessTokenSource;
}

/** What billing reads from a complete non-streaming success body. */
export interface ResponseSummary {
  /** Undefined when the body carries no usage (the pipeline then estimates). */
  readonly usage: Usage | undefined;
  /** Set when a success status came with an error body instead of a result. */
  readonly error: UpstreamError | undefined;
}

/** A streamed answer's usage counted locally, from what it delivered. */
export interface ClosingUsage {
  readonly promptTokens: number;
  /** What billing charges: the text's tokens plus the reference's overhead per tool call. */
  readonly completionTokens: number;
  /** The tokens of the delivered text alone (billing reuses them instead of counting again). */
  readonly textTokens: number;
}

/** Counts the usage of an answer from its delivered text and the tool calls it started. */
export type ClosingUsageCounter = (completionText: string, toolCalls: number) => ClosingUsage;

/** Options of one passthrough stream parser. */
export interface StreamParserOptions {
  /** Clock for the first-token time (ms); `Date.now` by default. */
  readonly now?: () => number;
  /**
   * Drop the usage-only chunk (empty `choices`, non-null `usage`) the client did not ask for:
   * set when usage was forced on upstream but the client sent no `include_usage`.
   */
  readonly suppressUsageOnlyChunk?: boolean;
  /**
   * The client asked for usage (`include_usage`) that the channel could not be asked for (its type
   * takes no `stream_options`): when the stream ends with none, the parser writes a usage chunk of
   * these counts before `[DONE]`, as an upstream that honours `include_usage` would.
   */
  readonly closingUsage?: ClosingUsageCounter;
  /** Collect the completion text and tool calls, for counting tokens locally when no usage comes. */
  readonly collectText?: boolean;
  /** What the upstream call asked for, where one schema streams several kinds of answer (chat, Responses). */
  readonly operation?: UpstreamOperation;
  /** Told the id of the response a Responses stream creates, as soon as its first event names it. */
  readonly onResponseId?: (responseId: string) => void;
}

/** How a stream ended, as the pipeline saw it. */
export interface StreamEnd {
  /** The upstream body failed or stopped before its end (cut, idle timeout). */
  readonly interrupted?: boolean;
  /** The gateway itself ended the stream early (the caller's balance ran out): the client's error event says why. */
  readonly reason?: AppError;
}

/**
 * A per-response stream relay: upstream bytes in, client bytes out, with local state. A passthrough
 * parser returns the very buffers it is given; a translating one re-encodes events.
 */
export interface StreamParser {
  /** Feeds one upstream chunk; returns the bytes to write to the client (possibly empty). */
  push(chunk: Uint8Array): Uint8Array;
  /** Ends the stream: returns the bytes still to write and the summary. */
  finish(end?: StreamEnd): { readonly rest: Uint8Array; readonly summary: StreamSummary };
  /** Characters of answer (text, tool calls) relayed so far; read now and then, by the balance check of a stream. */
  deliveredChars?(): number;
}

/** Decodes a streamed body, chunk by chunk whatever its boundaries, into the events of the channel's protocol. */
export interface EventDecoder {
  push(chunk: Uint8Array): WireEvent[];
  /** What the body's last bytes held (an event without its blank line). */
  finish(): WireEvent[];
}

/**
 * One adapter per channel wire schema (aesthetics convention 3): how to address, authenticate and
 * frame calls to that schema's upstreams, and how to read their answers. It speaks one protocol;
 * translating between protocols is not its business. Every member is free of I/O; the pipeline
 * owns fetch, timeouts, retries and metering.
 */
export interface ProviderAdapter {
  /** The schemas this adapter speaks. */
  readonly schemas: readonly WireSchema[];
  /** The message format its upstreams take and answer in. */
  readonly protocol: WireProtocol;
  /**
   * For a schema whose upstreams speak a protocol per model (Vertex AI: Claude models speak
   * `anthropic`, the others `gemini`): the adapter of the protocol the upstream model speaks, or
   * undefined when the schema serves no such model. Absent: this adapter serves every model.
   */
  forModel?(upstreamModel: string): ProviderAdapter | undefined;
  /** The upstream's answer headers may reach the client as they are (false for a foreign transport). */
  readonly relaysHeaders: boolean;
  /** Whether a channel type serves an operation; `buildRequest` refuses the others. */
  supports(type: ChannelType, operation: UpstreamOperation): boolean;
  /** URL, headers and body of the upstream call; throws a typed error before any I/O. */
  buildRequest(type: ChannelType, input: BuildRequestInput): UpstreamRequest | Promise<UpstreamRequest>;
  /** Whether an answer with these headers is a stream. */
  isStream(contentType: string | undefined): boolean;
  /** Usage (or an error) from a complete non-streaming success body. */
  readResponse(body: Uint8Array): ResponseSummary;
  /**
   * A passthrough parser for the identity path: bytes out untouched, usage read on the way. Absent
   * when the upstream's stream framing is not the client's (Bedrock): its events are re-framed.
   */
  createStreamParser?(options?: StreamParserOptions): StreamParser;
  /**
   * A decoder of this schema's streamed body into protocol events (translated and re-framed
   * streams), fed the body's chunks as they are read: every event a chunk completes comes out of
   * that one push, so one read of the body is one write to the client.
   */
  createEventDecoder(): EventDecoder;
  /** The typed error for an upstream error answer (status, body and headers). */
  mapError(status: number, body: Uint8Array | string, headers?: Readonly<Record<string, string | string[] | undefined>>): UpstreamError;
}
