import type { OpenAIEndpoint } from '@modelgate/channel-types';
import { parseGeminiRequest } from '../protocols/gemini/inbound';
import type { GeminiOperation, RelayRequest } from '../protocols/request';

/** The model a test asks for when neither the caller nor the channel names one. */
export const DEFAULT_TEST_MODEL = 'gpt-4o-mini';


/** The channel columns that choose the test model. */
export interface TestModelSource {
  readonly test_model: string | null;
  /** Comma-joined model names. */
  readonly models: string;
}

/**
 * The model to test with: the caller's (trimmed), else the channel's `test_model`, else the
 * first of its models, else {@link DEFAULT_TEST_MODEL}.
 */
export function pickTestModel(channel: TestModelSource, requested: string): string {
  const fromCaller = requested.trim();
  if (fromCaller !== '') return fromCaller;
  const configured = channel.test_model?.trim();
  if (configured) return configured;
  const first = channel.models
    .split(',')
    .map((model) => model.trim())
    .find((model) => model !== '');
  return first ?? DEFAULT_TEST_MODEL;
}

/** Whether a model name looks like an embedding model (so the test asks for embeddings). */
export function isEmbeddingModel(model: string): boolean {
  const lower = model.toLowerCase();
  return lower.includes('embed') || lower.startsWith('m3e') || lower.includes('bge-');
}

/**
 * The completion budget of a chat test: 10 tokens, enough to prove the model answers; models
 * that think before they answer need more to produce anything (50, and 300 for Gemini).
 */
export function testMaxTokens(model: string): number {
  const lower = model.toLowerCase();
  if (lower.includes('gemini')) return 300;
  if (lower.includes('thinking') && !lower.includes('claude')) return 50;
  return 10;
}

/** One test call: the endpoint and its JSON body, in the OpenAI format the adapters convert. */
export interface TestRequest {
  readonly endpoint: TestEndpoint;
  readonly json: Readonly<Record<string, unknown>>;
  readonly body: Uint8Array;
}

/** What a test asks for: a chat completion, or embeddings. */
export type TestEndpoint = Extract<OpenAIEndpoint, 'chat/completions' | 'embeddings'>;

/** Embeddings for embedding models (and on embedding-only vendors), chat for everything else. */
export function testEndpointFor(model: string, embeddingsOnly: boolean): TestEndpoint {
  return isEmbeddingModel(model) || embeddingsOnly ? 'embeddings' : 'chat/completions';
}

/**
 * The smallest useful request for `model`: embeddings of `hello world`, or a non-streaming chat
 * saying `hi` with a small completion budget. Reasoning models get `max_completion_tokens` from
 * the adapter's usual rewrite.
 */
export function buildTestRequest(model: string, endpoint: TestEndpoint): TestRequest {
  const json: Record<string, unknown> =
    endpoint === 'embeddings'
      ? { model, input: 'hello world' }
      : { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: testMaxTokens(model), stream: false };
  return { endpoint, json, body: Buffer.from(JSON.stringify(json)) };
}

/** What a test of a channel in Gemini's own protocol asks for: embeddings for embedding models, else a generation. */
export function geminiTestOperation(model: string): Extract<GeminiOperation, 'generateContent' | 'embedContent'> {
  return isEmbeddingModel(model) ? 'embedContent' : 'generateContent';
}

/**
 * The smallest useful Gemini request for `model` (a channel no OpenAI call reaches): embeddings of
 * `hello world`, or a generation saying `hi` with the same small completion budget as a chat test.
 */
export function buildGeminiTestRequest(model: string, operation: Extract<GeminiOperation, 'generateContent' | 'embedContent'>): RelayRequest {
  const json =
    operation === 'embedContent'
      ? { content: { parts: [{ text: 'hello world' }] } }
      : { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: testMaxTokens(model) } };
  return parseGeminiRequest({ operation, model, stream: false }, Buffer.from(JSON.stringify(json)), 'application/json');
}
