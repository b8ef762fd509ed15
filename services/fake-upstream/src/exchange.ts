// What a responder gets to answer one request with.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeBehaviour, FakeRequest } from './types';

/** The endpoints the fake serves. */
export type Endpoint =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'moderations'
  | 'images'
  | 'image-edits'
  | 'image-variations'
  | 'responses'
  | 'response-get'
  | 'response-delete'
  | 'response-cancel'
  | 'response-input-items'
  | 'responses-compact'
  | 'speech'
  | 'transcriptions'
  | 'translations'
  | 'rerank'
  | 'models'
  | 'model'
  | 'billing-subscription'
  | 'billing-usage'
  | 'user-info'
  | 'user-balance'
  | 'anthropic-messages'
  | 'anthropic-count-tokens'
  | 'bedrock-invoke'
  | 'bedrock-stream'
  | 'gemini-generate'
  | 'gemini-stream'
  | 'gemini-count-tokens'
  | 'gemini-embed'
  | 'gemini-batch-embed'
  | 'vertex-predict'
  | 'vertex-raw-predict'
  | 'vertex-stream-raw-predict'
  | 'vertex-count-tokens'
  | 'google-token';

/** The API family whose shapes (results, errors, streams) a request gets. */
export type Provider = 'openai' | 'anthropic' | 'bedrock' | 'gemini' | 'vertex' | 'google-oauth';

/** One request being answered. */
export interface Exchange {
  readonly res: ServerResponse;
  /** The request (its `headers` are only read when needed: building them costs). */
  readonly req: IncomingMessage;
  readonly endpoint: Endpoint;
  /** The JSON body or multipart fields (`{}` when there is none). */
  readonly body: Record<string, unknown>;
  /** The model to echo: `body.model`, else the Azure deployment, else the `/v1/models/{model}` name. */
  readonly model: string;
  /** Whether the client asked for a stream. */
  readonly stream: boolean;
  /** Whether the client sent `stream_options.include_usage: true`. */
  readonly includeUsage: boolean;
  /** The behaviour programmed for this request (`{}` for the defaults). */
  readonly behaviour: FakeBehaviour;
  /** The entry of the request log, when requests are recorded or rules are programmed. */
  readonly record: FakeRequest | undefined;
  /** Unique per request and server, for response ids. */
  readonly uid: string;
  /** Unix seconds, for `created`. */
  readonly created: number;
  /** Status of a successful answer (`behaviour.status` or 200). */
  readonly status: number;
}
