import type { TranslationContext, Translator } from '../types';
import { geminiToAnthropicRequest } from './request';
import { anthropicToGeminiResponse } from './response';
import { AnthropicToGeminiStream } from './stream';

/** A client speaking Gemini's generateContent, a channel speaking Anthropic Messages. */
export const geminiToAnthropic: Translator = Object.freeze({
  upstreamOperation: 'messages',
  request: geminiToAnthropicRequest,
  response: anthropicToGeminiResponse,
  stream: (context: TranslationContext) => new AnthropicToGeminiStream(context),
});
