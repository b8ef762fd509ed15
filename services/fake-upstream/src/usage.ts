// Token counts the fake reports: programmed ones when given, otherwise cheap deterministic
// estimates (about four characters a token for inputs, one token per content chunk for outputs).
import type { FakeBehaviour } from './types';

/** OpenAI's `usage` object of chat and legacy completions. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens: number };
  completion_tokens_details?: { reasoning_tokens: number };
}

/** Characters of every string in `value` (a token id counts as four). */
function characters(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value === 'number') return 4;
  if (Array.isArray(value)) {
    let sum = 0;
    for (const item of value) sum += characters(item);
    return sum;
  }
  if (value !== null && typeof value === 'object') {
    // Chat content parts ({type: 'text', text}) and messages ({role, content}).
    const v = value as { text?: unknown; content?: unknown };
    return characters(v.content) + characters(v.text);
  }
  return 0;
}

/** Estimated tokens of a request input (messages, prompt, input, documents…): at least 1. */
export function estimateTokens(...inputs: unknown[]): number {
  let chars = 0;
  for (const input of inputs) chars += characters(input);
  return Math.max(1, Math.ceil(chars / 4));
}

/** The usage to report: programmed counts override the estimates. */
export function chatUsage(behaviour: FakeBehaviour, promptEstimate: number, completionEstimate: number): ChatUsage {
  const prompt = behaviour.promptTokens ?? promptEstimate;
  const completion = behaviour.completionTokens ?? completionEstimate;
  const usage: ChatUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  if (behaviour.cachedTokens !== undefined) usage.prompt_tokens_details = { cached_tokens: behaviour.cachedTokens };
  return usage;
}

/** The usage of inputs-only endpoints (embeddings, rerank): no completion tokens. */
export function inputUsage(
  behaviour: FakeBehaviour,
  promptEstimate: number,
): { prompt_tokens: number; total_tokens: number; prompt_tokens_details?: { cached_tokens: number } } {
  const prompt = behaviour.promptTokens ?? promptEstimate;
  return behaviour.cachedTokens === undefined
    ? { prompt_tokens: prompt, total_tokens: prompt }
    : { prompt_tokens: prompt, total_tokens: prompt, prompt_tokens_details: { cached_tokens: behaviour.cachedTokens } };
}
