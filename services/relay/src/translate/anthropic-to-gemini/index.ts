import type { MessagesRequest } from '../../protocols/anthropic/wire';
import { modelId } from '../../protocols/gemini/inbound';
import type { WireEvent } from '../../protocols/stream-events';
import { fieldOf, tokenCountOf } from '../../protocols/usage';
import type { StreamTranslator, TranslatedRequest, TranslationContext, Translator } from '../types';
import { anthropicToGeminiRequest, geminiPrompt } from './request';
import { geminiToAnthropicResponse } from './response';
import { GeminiToAnthropicStream } from './stream';

/** A client speaking Anthropic Messages, a channel speaking Gemini generateContent. */
export const anthropicToGemini: Translator = Object.freeze({
  upstreamOperation: 'generateContent',
  request: anthropicToGeminiRequest,
  response: geminiToAnthropicResponse,
  stream: (context: TranslationContext) => new GeminiToAnthropicStream(context),
});

/** The whole generate request counted (system instruction and tools included), for the channel's model. */
function countTokensRequest(context: TranslationContext): TranslatedRequest {
  const prompt = geminiPrompt(context.request.payload as MessagesRequest);
  return { json: { generateContentRequest: { model: `models/${modelId(context.upstreamModel)}`, ...prompt } }, stream: false };
}

/** Counting never streams. */
const NO_STREAM: StreamTranslator = Object.freeze({ push: (): WireEvent[] => [], end: (): WireEvent[] => [] });

/** Anthropic's `messages/count_tokens` answered by Gemini's countTokens: `{input_tokens}` of its `totalTokens`. */
export const anthropicCountTokensToGemini: Translator = Object.freeze({
  upstreamOperation: 'countTokens',
  request: countTokensRequest,
  response: (upstream: unknown) => ({ input_tokens: tokenCountOf(fieldOf(upstream, 'totalTokens')) ?? 0 }),
  stream: () => NO_STREAM,
});
