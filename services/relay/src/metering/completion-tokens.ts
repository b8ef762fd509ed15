import { countTextTokens } from './token-counter';

/**
 * Overhead of one tool call beyond its name and arguments (the call's framing), as the reference
 * counts it when a stream ends without usage.
 */
export const TOKENS_PER_TOOL_CALL = 7;

/**
 * Completion tokens of a streamed response that carried no usage, its text already counted:
 * `textTokens` plus {@link TOKENS_PER_TOOL_CALL} per tool call. A tool-call count that is not a
 * whole number ≥ 0 counts as none.
 */
export function completionTokensOf(textTokens: number, toolCalls: number): number {
  const calls = Number.isSafeInteger(toolCalls) && toolCalls > 0 ? toolCalls : 0;
  return textTokens + TOKENS_PER_TOOL_CALL * calls;
}

/**
 * Completion tokens of a streamed response that carried no usage (reference §1.3): the tokens of
 * everything the model produced — content, reasoning, tool-call names and arguments, concatenated
 * by the stream parser into `text` — plus {@link TOKENS_PER_TOOL_CALL} per tool call.
 */
export function countCompletionTokens(model: string, text: string, toolCalls: number): number {
  return completionTokensOf(countTextTokens(model, text), toolCalls);
}

/** A text and its tokens, counted once and kept so a second reader of the same text need not count it again. */
export interface CountedText {
  readonly text: string;
  readonly tokens: number;
}

/** The tokens of the texts joined, with the text they were counted from. */
export function countJoinedText(model: string, texts: readonly string[]): CountedText {
  const text = texts.join('');
  return { text, tokens: countTextTokens(model, text) };
}
