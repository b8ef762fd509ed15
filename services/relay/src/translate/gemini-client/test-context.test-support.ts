import { ValidationError } from '@modelgate/runtime';
import { BatchEmbedContentsRequest, EmbedContentRequest, GenerateContentRequest } from '../../protocols/gemini/wire';
import type { RelayRequest } from '../../protocols/request';

const SCHEMAS = { generateContent: GenerateContentRequest, embedContent: EmbedContentRequest, batchEmbedContents: BatchEmbedContentsRequest };

/** A Gemini client's request for `gemini-test` (its prompt counted as 7 tokens), in tests. */
export function geminiRequest(body: Record<string, unknown>, options: { stream?: boolean; operation?: keyof typeof SCHEMAS } = {}): RelayRequest {
  const operation = options.operation ?? 'generateContent';
  return {
    protocol: 'gemini',
    operation,
    body: Buffer.from(JSON.stringify(body)),
    payload: SCHEMAS[operation].parse(body),
    summary: {
      model: 'gemini-test',
      upstreamModel: 'gemini-test',
      stream: options.stream ?? false,
      metering: 'tokens',
      bodyBytes: 0,
      promptTexts: () => [],
      promptTokens: () => 7,
    },
  };
}

/** The refusal a translation throws, in tests; fails when it translates instead. */
export function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a refusal');
}
