import type {
  BatchEmbedContentsRequest,
  BatchEmbedContentsResponse,
  Content,
  EmbedContentRequest,
  EmbedContentResponse,
} from '../../protocols/gemini/wire';
import type { WireEvent } from '../../protocols/stream-events';
import type { StreamTranslator, TranslationContext, TranslatedRequest, Translator } from '../types';
import { untranslatable } from '../vocabulary';

/**
 * Gemini's embeddings (`embedContent`, `batchEmbedContents`) through an OpenAI channel's
 * `/v1/embeddings`: each content's text as one input, `outputDimensionality` as `dimensions`,
 * and each vector back as `embedding.values` (one) or `embeddings[]` (a batch, in the order of its
 * requests). A task type or title only Gemini's models read is not sent.
 */

function textOf(content: Pick<Content, 'parts'>, where: string): string {
  return (content.parts ?? [])
    .map((part, index) => {
      if (typeof part.text !== 'string') throw untranslatable(`${where}.parts.${index}: only text can be embedded through this model's channel`, `${where}.parts.${index}`);
      return part.text;
    })
    .join('\n');
}

function dimensionsOf(requests: readonly EmbedContentRequest[]): number | undefined {
  const sizes = new Set(requests.map((request) => request.outputDimensionality));
  if (sizes.size > 1) {
    throw untranslatable('requests: every request of a batch must ask for the same outputDimensionality through this model\'s channel', 'requests');
  }
  return [...sizes][0];
}

function embeddingsRequest(context: TranslationContext): TranslatedRequest {
  const single = context.request.operation === 'embedContent';
  const requests = single
    ? [context.request.payload as EmbedContentRequest]
    : (context.request.payload as BatchEmbedContentsRequest).requests;
  const inputs = requests.map((request, index) => textOf(request.content, single ? 'content' : `requests.${index}.content`));
  const dimensions = dimensionsOf(requests);
  const json: Record<string, unknown> = { model: context.upstreamModel, input: single ? inputs[0] : inputs, encoding_format: 'float' };
  if (dimensions !== undefined) json['dimensions'] = dimensions;
  return { json, stream: false };
}

/** The vectors of an OpenAI embeddings answer, in the order of its inputs. */
function vectorsOf(upstream: unknown): number[][] {
  const data = (upstream as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data
    .map((value, position) => {
      const entry = value as { index?: unknown; embedding?: unknown };
      const values = Array.isArray(entry.embedding) ? (entry.embedding as number[]) : [];
      return { index: typeof entry.index === 'number' ? entry.index : position, values };
    })
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.values);
}

function embeddingsResponse(upstream: unknown, context: TranslationContext): EmbedContentResponse | BatchEmbedContentsResponse {
  const vectors = vectorsOf(upstream);
  if (context.request.operation === 'embedContent') return { embedding: { values: vectors[0] ?? [] } };
  return { embeddings: vectors.map((values) => ({ values })) };
}

/** Embeddings are never streamed. */
const NO_STREAM: StreamTranslator = Object.freeze({ push: (): WireEvent[] => [], end: (): WireEvent[] => [] });

/** A client asking Gemini's embeddings, a channel speaking OpenAI's. */
export const geminiEmbeddingsToOpenAI: Translator = Object.freeze({
  upstreamOperation: 'embeddings',
  request: embeddingsRequest,
  response: embeddingsResponse,
  stream: () => NO_STREAM,
});
