import type { ImageRequest } from '@modelgate/pricing';
import type { OpenAIEndpoint, ResponsesEndpoint, WireProtocol } from '@modelgate/channel-types';

/**
 * The two axes of a relayed call (ARCHITECTURE §4.1): what the client speaks (its inbound
 * protocol and operation) and what the channel speaks (its wire protocol). Everything below the
 * inbound codecs reads requests through the types of this file.
 */

/**
 * The protocols a client may speak to the relay: those channels speak, and OpenAI's Responses API,
 * which only clients speak (a channel serving it is an `openai` channel offering that endpoint).
 */
export type InboundProtocol = WireProtocol | 'responses';

/** OpenAI's Responses API: creating a response (streamed or not) and compacting a conversation. */
export type ResponsesOperation = ResponsesEndpoint;

/** The Anthropic Messages operations. */
export type AnthropicOperation = 'messages' | 'messages/count_tokens';

/**
 * The Gemini API's methods on a model (`models/{model}:{method}`). Streaming is not an operation of
 * its own: `:streamGenerateContent` is `generateContent` with the summary's `stream` set, as a
 * streamed chat completion is `chat/completions`.
 */
export type GeminiOperation = 'generateContent' | 'countTokens' | 'embedContent' | 'batchEmbedContents';

/** What a client asks for, named in its own protocol: an OpenAI endpoint, an Anthropic or a Gemini operation. */
export type Operation = OpenAIEndpoint | AnthropicOperation | GeminiOperation;

/** How a request is priced and metered, whatever protocol it came in. */
export type MeteringKind =
  /** Tokens in, tokens out (chat, completions, messages, embeddings, moderations, rerank). */
  | 'tokens'
  /** A per-image price known up front (image generation). */
  | 'image'
  /** Characters or tokens of the text spoken (text to speech). */
  | 'speech'
  /** Seconds of audio the upstream reports (transcription, translation). */
  | 'transcription'
  /** Not charged (token counting). */
  | 'free';

/**
 * The neutral facts of one request, extracted once by its inbound codec. Sensitive words,
 * metering, pricing and routing read only this, never the body by one vendor's field names.
 */
export interface RequestSummary {
  /** The model the client asked for (or the operation's default): routing, billing and logs use it. */
  readonly model: string;
  /** The model to send upstream when the channel maps nothing (differs only for moderations). */
  readonly upstreamModel: string;
  readonly stream: boolean;
  readonly metering: MeteringKind;
  /** The completion limits the request states, when whole numbers ≥ 0. */
  readonly maxTokens?: number;
  readonly maxCompletionTokens?: number;
  /** The reasoning effort asked for (a short keyword; the consume log shows it). */
  readonly reasoningEffort?: string;
  /** The billable parameters of an image generation. */
  readonly image?: ImageRequest;
  /** The text a speech request speaks. */
  readonly speechInput?: string;
  /** Size of the decoded body, for the cheap prompt estimate of a reservation without max tokens. */
  readonly bodyBytes: number;
  /** The texts the user wrote (messages, prompt, input, query, documents), for the sensitive-word check. */
  promptTexts(): readonly string[];
  /** Prompt tokens counted locally (memoised): the reservation and the fallback when no usage comes. */
  promptTokens(): number;
}

/** A request as its inbound codec read it: typed, validated, summarised. */
export interface RelayRequest<Payload = unknown> {
  readonly protocol: InboundProtocol;
  readonly operation: Operation;
  /** The client's body (decoded from its content encoding), as received. */
  readonly body: Buffer;
  /** The validated JSON body in the client's protocol; absent for multipart uploads. */
  readonly payload?: Payload;
  readonly contentType?: string;
  readonly summary: RequestSummary;
  /**
   * How the client reads a streamed answer when not as server-sent events: `json-array`, one JSON
   * array whose elements arrive as they are produced (Gemini's `:streamGenerateContent` without
   * `alt=sse`).
   */
  readonly streamFraming?: 'json-array';
}

/** Memoises a computation the first time it is asked for. */
export function lazy<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}
