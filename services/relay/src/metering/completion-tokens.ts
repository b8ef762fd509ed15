import { countTextTokens } from './token-counter';

/**
 * Overhead of one tool call beyond its name and arguments (the call's framing), as the reference
 * counts it when a stream ends without usage.
 */
export const TOKENS_PER_TOOL_CALL = 7;

/**
 * Completion tokens of a streamed response that carried no usage (reference §1.3): the tokens of
 * everything the model produced — content, reasoning, tool-call names and arguments, concatenated
 * by the stream parser into `text` — plus {@link TOKENS_PER_TOOL_CALL} per tool call. A tool-call
 * count that is not a whole number ≥ 0 counts as none.
 */
export function countCompletionTokens(model: string, text: string, toolCalls: number): number {
  const calls = Number.isSafeInteger(toolCalls) && toolCalls > 0 ? toolCalls : 0;
  return countTextTokens(model, text) + TOKENS_PER_TOOL_CALL * calls;
}
