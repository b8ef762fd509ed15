import { geminiRequest, refusal } from '../gemini-client/test-context.test-support';
import type { TranslationContext } from '../types';
import { geminiEmbeddingsToOpenAI } from '.';

function context(body: Record<string, unknown>, options: Parameters<typeof geminiRequest>[1] = {}): TranslationContext {
  return { request: geminiRequest(body, options), upstreamModel: 'gpt-test' };
}

describe('Gemini embeddings → OpenAI embeddings', () => {
  it('embeds one content and answers embedding.values', () => {
    const single = context({ content: { parts: [{ text: 'Hello' }, { text: 'world' }] }, outputDimensionality: 8 }, { operation: 'embedContent' });
    expect(geminiEmbeddingsToOpenAI.upstreamOperation).toBe('embeddings');
    expect(geminiEmbeddingsToOpenAI.request(single)).toEqual({
      json: { model: 'gpt-test', input: 'Hello\nworld', encoding_format: 'float', dimensions: 8 },
      stream: false,
    });
    expect(geminiEmbeddingsToOpenAI.response({ data: [{ index: 0, embedding: [0.1, 0.2] }] }, single)).toEqual({ embedding: { values: [0.1, 0.2] } });
  });

  it('embeds a batch and answers embeddings[] in the order of the requests', () => {
    const batch = context(
      { requests: [{ model: 'models/gemini-test', content: { parts: [{ text: 'a' }] } }, { content: { parts: [{ text: 'b' }] } }] },
      { operation: 'batchEmbedContents' },
    );
    expect(geminiEmbeddingsToOpenAI.request(batch).json).toEqual({ model: 'gpt-test', input: ['a', 'b'], encoding_format: 'float' });
    expect(
      geminiEmbeddingsToOpenAI.response(
        { data: [{ index: 1, embedding: [2] }, { index: 0, embedding: [1] }], usage: { prompt_tokens: 2, total_tokens: 2 } },
        batch,
      ),
    ).toEqual({ embeddings: [{ values: [1] }, { values: [2] }] });
  });

  it('refuses an image to embed', () => {
    const error = refusal(() =>
      geminiEmbeddingsToOpenAI.request(context({ content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBOR' } }] } }, { operation: 'embedContent' })),
    );
    expect(error.details?.['param']).toBe('content.parts.0');
  });
});
