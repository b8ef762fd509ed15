import { modelId } from '../../protocols/gemini/inbound';
import type { BatchEmbedContentsResponse } from '../../protocols/gemini/wire';
import type { WireEvent } from '../../protocols/stream-events';
import type { StreamTranslator, TranslatedRequest, TranslationContext, Translator } from '../types';
import { untranslatable } from '../vocabulary';

/**
 * OpenAI embeddings on a Gemini channel: the input (one text or a list of texts) as
 * batchEmbedContents, one request per text (`dimensions` as `outputDimensionality`), and the
 * vectors back in OpenAI's list, as floats or as base64 of little-endian float32 when the client
 * asked for `encoding_format: "base64"` (what the OpenAI SDKs ask for by default). Gemini reports
 * no usage for embeddings, so the usage is the gateway's own count of the input, the same count
 * the call is billed by.
 */

interface EmbeddingsPayload {
  input: unknown;
  dimensions?: unknown;
  encoding_format?: unknown;
}

function textsOf(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.every((item) => typeof item === 'string')) return input;
  throw untranslatable('input: a Gemini channel embeds text: a string or a list of strings (not token ids)', 'input');
}

function embeddingsRequest(context: TranslationContext): TranslatedRequest {
  const payload = context.request.payload as EmbeddingsPayload;
  const texts = textsOf(payload.input);
  const model = `models/${modelId(context.upstreamModel)}`;
  const dimensions = payload.dimensions;
  if (dimensions !== undefined && dimensions !== null && (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1)) {
    throw untranslatable('dimensions: must be a positive integer', 'dimensions');
  }
  const requests = texts.map((text) => ({
    model,
    content: { parts: [{ text }] },
    ...(typeof dimensions === 'number' ? { outputDimensionality: dimensions } : {}),
  }));
  return { json: { requests }, stream: false };
}

function base64Of(values: readonly number[]): string {
  const floats = new Float32Array(values);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

function embeddingsResponse(upstream: unknown, context: TranslationContext): unknown {
  const payload = context.request.payload as EmbeddingsPayload;
  const asBase64 = payload.encoding_format === 'base64';
  const embeddings = (upstream as Partial<BatchEmbedContentsResponse> | null)?.embeddings ?? [];
  const tokens = context.request.summary.promptTokens();
  return {
    object: 'list',
    data: embeddings.map((embedding, index) => {
      const values = Array.isArray(embedding?.values) ? embedding.values : [];
      return { object: 'embedding', index, embedding: asBase64 ? base64Of(values) : values };
    }),
    model: context.request.summary.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

/** Embeddings never stream. */
const NO_STREAM: StreamTranslator = Object.freeze({ push: (): WireEvent[] => [], end: (): WireEvent[] => [] });

/** A client asking OpenAI's `/v1/embeddings`, a channel speaking Gemini. */
export const openAIEmbeddingsToGemini: Translator = Object.freeze({
  upstreamOperation: 'batchEmbedContents',
  request: embeddingsRequest,
  response: embeddingsResponse,
  stream: () => NO_STREAM,
});
