import type { AnthropicMessage, OutputBlock } from '../../protocols/anthropic/wire';
import { toAnthropicUsage } from '../../protocols/anthropic/usage';
import { usageOf } from '../../protocols/openai/usage';
import type { ChatCompletion } from '../../protocols/openai/wire';
import { fieldOf } from '../../protocols/usage';
import type { TranslationContext } from '../types';
import { answerArguments, newId, stopReasonOf } from '../vocabulary';

/** The Message id for an OpenAI completion id (Anthropic's ids start with `msg_`). */
export function messageIdOf(id: unknown): string {
  return typeof id === 'string' && id !== '' ? (id.startsWith('msg_') ? id : `msg_${id}`) : newId('msg_');
}

/**
 * An OpenAI chat completion as an Anthropic Message: reasoning as a thinking block, the text as a
 * text block, tool calls as tool_use blocks, `finish_reason` as `stop_reason`, usage in Anthropic's
 * fields (cached prompt tokens as cache reads). The model is the one the client asked for.
 */
export function openAIToAnthropicResponse(upstream: unknown, context: TranslationContext): AnthropicMessage {
  const completion = upstream as Partial<ChatCompletion>;
  const choice = Array.isArray(completion.choices) ? completion.choices[0] : undefined;
  const message = choice?.message;
  const content: OutputBlock[] = [];
  const reasoning = fieldOf(message, 'reasoning_content') ?? fieldOf(message, 'reasoning');
  if (typeof reasoning === 'string' && reasoning !== '') content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  if (typeof message?.content === 'string' && message.content !== '') content.push({ type: 'text', text: message.content });
  for (const call of message?.tool_calls ?? []) {
    content.push({ type: 'tool_use', id: call.id || newId('toolu_'), name: call.function.name, input: answerArguments(call.function.arguments ?? '') });
  }
  const usage = usageOf(upstream as Record<string, unknown>);
  return {
    id: messageIdOf(completion.id),
    type: 'message',
    role: 'assistant',
    model: context.request.summary.model,
    content,
    stop_reason: stopReasonOf(choice?.finish_reason),
    stop_sequence: null,
    usage: usage ? toAnthropicUsage(usage) : { input_tokens: 0, output_tokens: 0 },
  };
}
