import type { TranslationContext, Translator } from '../types';
import { anthropicToOpenAIRequest } from './request';
import { openAIToAnthropicResponse } from './response';
import { OpenAIToAnthropicStream } from './stream';

/** A client speaking Anthropic Messages, a channel speaking OpenAI chat completions. */
export const anthropicToOpenAI: Translator = Object.freeze({
  upstreamOperation: 'chat/completions',
  request: anthropicToOpenAIRequest,
  response: openAIToAnthropicResponse,
  stream: (context: TranslationContext) => new OpenAIToAnthropicStream(context),
});
