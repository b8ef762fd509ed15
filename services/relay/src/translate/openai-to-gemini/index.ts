import type { TranslationContext, Translator } from '../types';
import { openAIToGeminiRequest } from './request';
import { geminiToOpenAIResponse } from './response';
import { GeminiToOpenAIStream } from './stream';

export { openAIEmbeddingsToGemini } from './embeddings';

/** A client speaking OpenAI chat completions, a channel speaking Gemini generateContent. */
export const openAIToGemini: Translator = Object.freeze({
  upstreamOperation: 'generateContent',
  request: openAIToGeminiRequest,
  response: geminiToOpenAIResponse,
  stream: (context: TranslationContext) => new GeminiToOpenAIStream(context),
});
