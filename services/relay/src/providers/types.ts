import type { ChannelEntity } from '@modelgate/db';
import type { ChannelTypeInfo, WireSchema } from './channel-types';
import type { UpstreamError } from './upstream-error';

/** The relay operations an adapter may serve, named by their OpenAI path below `/v1/`. */
export const RELAY_ENDPOINTS = [
  'chat/completions',
  'completions',
  'embeddings',
  'moderations',
  'images/generations',
  'audio/speech',
  'audio/transcriptions',
  'audio/translations',
  'rerank',
] as const;
export type RelayEndpoint = (typeof RELAY_ENDPOINTS)[number];

/** The channel columns an adapter reads to address and authenticate the upstream. */
export type UpstreamChannel = Pick<
  ChannelEntity,
  'id' | 'type' | 'key' | 'base_url' | 'other' | 'openai_organization' | 'created_time'
>;

/** Token counts billing needs, normalised across OpenAI-style usage shapes. */
export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  /** Prompt tokens served from the provider's cache (`prompt_tokens_details.cached_tokens`). */
  readonly cachedTokens: number;
  /** Completion tokens spent on reasoning (`completion_tokens_details.reasoning_tokens`). */
  readonly reasoningTokens: number;
  /** Audio parts of prompt and completion (gpt-4o-audio billing). */
  readonly promptAudioTokens: number;
  readonly completionAudioTokens: number;
}

/** What the pipeline knows about one relayed request when it builds the upstream call. */
export interface BuildRequestInput {
  readonly channel: UpstreamChannel;
  readonly endpoint: RelayEndpoint;
  /** The client's body exactly as received. */
  readonly body: Uint8Array;
  /** The client's body parsed, for JSON endpoints; absent for multipart ones. */
  readonly json?: Readonly<Record<string, unknown>>;
  /** The client's `Content-Type` (multipart boundaries live there). */
  readonly contentType?: string;
  /** The client's `Accept`, forwarded. */
  readonly accept?: string;
  /** The client's query string without `?` (Azure reads `api-version` from it). */
  readonly query?: string;
  /** The model name to send upstream (after the channel's `model_mapping`). */
  readonly upstreamModel: string;
  /** The request streams (`stream: true`). */
  readonly stream: boolean;
  /**
   * Force `stream_options.include_usage` on for upstreams that accept it (the reference's
   * `FORCE_STREAM_OPTION`, default true), so streamed usage is the provider's, not an estimate.
   */
  readonly forceStreamUsage: boolean;
}

/** The upstream call to make: pure data, the pipeline does the I/O. */
export interface UpstreamRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body to send: the client's bytes themselves unless {@link bodyRewritten}. */
  readonly body: Uint8Array;
  readonly bodyRewritten: boolean;
  /** A streamed response will carry usage because we asked (`include_usage` sent). */
  readonly streamUsageRequested: boolean;
  /** The client itself asked for `include_usage` (so the usage chunk must reach it). */
  readonly clientRequestedUsage: boolean;
}

/** What billing reads from a non-streaming response body. */
export interface ResponseSummary {
  /** Undefined when the body carries no usage (the pipeline then estimates). */
  readonly usage: Usage | undefined;
  /** Set when a success status came with an error body instead of a result. */
  readonly error: UpstreamError | undefined;
}

/** Options of one stream parser. */
export interface StreamParserOptions {
  /** Clock for the first-token time (ms); `Date.now` by default. */
  readonly now?: () => number;
  /**
   * Drop the usage-only chunk (empty `choices`, non-null `usage`) the client did not ask for:
   * set when usage was forced on upstream but the client sent no `include_usage`.
   */
  readonly suppressUsageOnlyChunk?: boolean;
  /** Collect the completion text and tool calls, for counting tokens locally when no usage comes. */
  readonly collectText?: boolean;
}

/** What a stream parser learned once the stream ended. */
export interface StreamSummary {
  /** The last usage the stream carried, if any. */
  readonly usage: Usage | undefined;
  /** Clock time of the first data event (the log's `frt` is this minus the request start). */
  readonly firstTokenAt: number | undefined;
  /** Data events seen, `[DONE]` excluded. */
  readonly events: number;
  readonly sawDone: boolean;
  /** An `{"error": …}` event the upstream sent mid-stream. */
  readonly error: UpstreamError | undefined;
  /** Content, reasoning and tool-call text (only with `collectText`). */
  readonly completionText: string;
  /** Tool calls started (only with `collectText`; the reference counts 7 tokens each). */
  readonly toolCalls: number;
}

/**
 * A per-request, incremental SSE parser: bytes in, bytes out, with local state. Bytes are
 * forwarded untouched (the same buffer) unless the usage-only chunk is being suppressed.
 */
export interface StreamParser {
  /** Feeds one upstream chunk; returns the bytes to write to the client (possibly empty). */
  push(chunk: Uint8Array): Uint8Array;
  /** Ends the stream: returns the bytes still held and the summary. */
  finish(): { readonly rest: Uint8Array; readonly summary: StreamSummary };
}

/**
 * One adapter per wire schema (aesthetics convention 3). Every member is pure; the pipeline
 * owns fetch, timeouts, retries and metering.
 */
export interface ProviderAdapter {
  /** The schemas this adapter speaks. */
  readonly schemas: readonly WireSchema[];
  /** Whether a channel type can serve an endpoint; `buildRequest` refuses the others. */
  supports(type: ChannelTypeInfo, endpoint: RelayEndpoint): boolean;
  /** URL, headers and body of the upstream call; throws a typed error before any I/O. */
  buildRequest(type: ChannelTypeInfo, input: BuildRequestInput): UpstreamRequest;
  /** Usage (or an error) from a complete non-streaming success body. */
  readResponse(body: Uint8Array): ResponseSummary;
  /** A fresh parser for one streamed response. */
  createStreamParser(options?: StreamParserOptions): StreamParser;
  /** The typed error for an upstream error answer (status and body). */
  mapError(status: number, body: Uint8Array | string): UpstreamError;
}
