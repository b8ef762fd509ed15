/**
 * Local metering: token counts the relay computes itself — the prompt estimate behind the quota
 * reservation, completion tokens of streams that ended without usage — and the counting rules
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
  completionTokensOf,
  countCompletion,
  countCompletionTokens,
  type CountedCompletion,
  TOKENS_PER_TOOL_CALL,
} from './completion-tokens';
