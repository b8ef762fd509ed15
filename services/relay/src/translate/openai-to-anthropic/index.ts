import type { TranslationContext, Translator } from '../types';
import { openAIToAnthropicRequest } from './request';
import { anthropicToOpenAIResponse } from './response';
import { AnthropicToOpenAIStream } from './stream';

/** A client speaking OpenAI chat completions, a channel speaking Anthropic Messages. */
export const openAIToAnthropic: Translator = Object.freeze({
  upstreamOperation: 'messages',
  request: openAIToAnthropicRequest,
  response: anthropicToOpenAIResponse,
  stream: (context: TranslationContext) => new AnthropicToOpenAIStream(context),
});
