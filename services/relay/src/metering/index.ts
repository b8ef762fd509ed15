/**
 * Local metering: token counts the relay computes itself — the prompt estimate behind the quota
 * reservation, completion tokens of streams that ended without usage — and the request fields
 * billing reads. Tokenizer vocabularies load on first use only.
 */
export {
  countTextTokens,
  createTextTokenCounter,
  encodingFor,
  estimateTokensBySize,
  TOKENIZE_CHAR_BUDGET,
  type EncodingName,
  type TextTokenCounter,
} from './token-counter';
export {
  AUDIO_PART_TOKENS,
  estimatePromptTokens,
  HIGH_DETAIL_IMAGE_TOKENS,
  LOW_DETAIL_IMAGE_TOKENS,
  REPLY_PRIMING_TOKENS,
  TOKENS_PER_MESSAGE,
  TOKENS_PER_NAME,
} from './prompt-tokens';
export { countCompletionTokens, TOKENS_PER_TOOL_CALL } from './completion-tokens';
export { imageRequestOf, maxTokensOf, reasoningEffortOf, type MaxTokens } from './request-fields';
