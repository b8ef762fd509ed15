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

/**
 * A streamed answer's completion as the gateway counted it, for a client's closing usage when the
 * channel reported none: kept so billing, counting the same text and calls, need not count again.
 */
export interface CountedCompletion {
  /** Content, reasoning and tool-call names and arguments, joined. */
  readonly text: string;
  /** The tokens of `text` alone. */
  readonly textTokens: number;
  readonly toolCalls: number;
  /** What is reported and charged: {@link completionTokensOf} the text's tokens and the calls. */
  readonly tokens: number;
}

/** The completion of these texts and tool calls, counted once (see {@link CountedCompletion}). */
export function countCompletion(model: string, texts: readonly string[], toolCalls: number): CountedCompletion {
  const text = texts.join('');
  const textTokens = countTextTokens(model, text);
  return { text, textTokens, toolCalls, tokens: completionTokensOf(textTokens, toolCalls) };
}
