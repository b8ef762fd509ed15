import type { AnthropicMessage } from '../../protocols/anthropic/wire';
import { fromAnthropicUsage } from '../../protocols/anthropic/usage';
import type { ChatAnswerMessage, ChatCompletion, ChatUsage } from '../../protocols/openai/wire';
import type { Usage } from '../../protocols/usage';
import type { TranslationContext } from '../types';
import { finishReasonOf, newId, nowSeconds } from '../vocabulary';

/** OpenAI's usage object for a neutral usage (cache reads as cached prompt tokens). */
export function toChatUsage(usage: Usage): ChatUsage {
  const out: ChatUsage = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedTokens },
  };
  if (usage.reasoningTokens > 0) out.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return out;
}

/** The chat completion id for an Anthropic message id. */
export function completionIdOf(id: unknown): string {
  return typeof id === 'string' && id !== '' ? `chatcmpl-${id}` : newId('chatcmpl-');
}

/**
 * An Anthropic Message as an OpenAI chat completion: text blocks as the content, thinking as
 * `reasoning_content`, tool_use blocks as `tool_calls`, `stop_reason` as `finish_reason`, usage with
 * every prompt token counted (cache reads and writes included) and cache reads as cached tokens.
 */
export function anthropicToOpenAIResponse(upstream: unknown, context: TranslationContext): ChatCompletion {
  const message = upstream as Partial<AnthropicMessage>;
  const texts: string[] = [];
  const thoughts: string[] = [];
  const calls: NonNullable<ChatAnswerMessage['tool_calls']> = [];
  for (const block of message.content ?? []) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'thinking') thoughts.push(block.thinking);
    else if (block.type === 'tool_use') {
      calls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    }
  }
  const answer: ChatAnswerMessage = { role: 'assistant', content: texts.length > 0 ? texts.join('') : null };
  if (thoughts.length > 0) answer.reasoning_content = thoughts.join('');
  if (calls.length > 0) answer.tool_calls = calls;
  const usage = fromAnthropicUsage(message.usage);
  return {
    id: completionIdOf(message.id),
    object: 'chat.completion',
    created: nowSeconds(),
    model: context.request.summary.model,
    choices: [{ index: 0, message: answer, finish_reason: finishReasonOf(message.stop_reason), logprobs: null }],
    ...(usage ? { usage: toChatUsage(usage) } : {}),
  };
}
