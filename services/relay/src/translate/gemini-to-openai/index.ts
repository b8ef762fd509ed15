import type { TranslationContext, Translator } from '../types';
import { geminiToOpenAIRequest } from './request';
import { openAIToGeminiResponse } from './response';
import { OpenAIToGeminiStream } from './stream';

/** A client speaking Gemini's generateContent, a channel speaking OpenAI chat completions. */
export const geminiToOpenAI: Translator = Object.freeze({
  upstreamOperation: 'chat/completions',
  request: geminiToOpenAIRequest,
  response: openAIToGeminiResponse,
  stream: (context: TranslationContext) => new OpenAIToGeminiStream(context),
});

export { geminiEmbeddingsToOpenAI } from './embeddings';
