import { toAnthropicUsage } from '../../protocols/anthropic/usage';
import type { AnthropicMessage, OutputBlock } from '../../protocols/anthropic/wire';
import { fromGeminiUsage } from '../../protocols/gemini/usage';
import type { GenerateContentResponse } from '../../protocols/gemini/wire';
import { messageIdOf } from '../anthropic-to-openai/response';
import { candidatesOf, partsOf, responseIdOf, stopReasonOfGemini, textOf } from '../from-gemini';
import type { TranslationContext } from '../types';
import { newId } from '../vocabulary';

/**
 * A Gemini answer as an Anthropic Message: the first candidate's thought parts as thinking
 * blocks (their thought signature as the block's signature), text as text blocks, function calls
 * as tool_use blocks with fresh `toolu_` ids, `finishReason` as `stop_reason` (filters as
 * `refusal`, a function call as `tool_use`), and usage with thoughts counted as output and cached
 * content as cache reads.
 */
export function geminiToAnthropicResponse(upstream: unknown, context: TranslationContext): AnthropicMessage {
  const answer = upstream as GenerateContentResponse;
  const candidate = candidatesOf(answer)[0];
  const content: OutputBlock[] = [];
  let called = false;
  for (const part of partsOf(candidate)) {
    const text = textOf(part);
    const last = content[content.length - 1];
    if (text !== undefined && part.thought === true) {
      if (last?.type === 'thinking') last.thinking += text;
      else content.push({ type: 'thinking', thinking: text, signature: part.thoughtSignature ?? '' });
    } else if (text !== undefined) {
      if (text === '') continue;
      if (last?.type === 'text') last.text += text;
      else content.push({ type: 'text', text });
    } else if (part.functionCall) {
      called = true;
      content.push({ type: 'tool_use', id: newId('toolu_'), name: part.functionCall.name, input: part.functionCall.args ?? {} });
    }
  }
  const usage = fromGeminiUsage(answer.usageMetadata);
  const filtered = candidate === undefined;
  return {
    id: messageIdOf(responseIdOf(answer)),
    type: 'message',
    role: 'assistant',
    model: context.request.summary.model,
    content,
    stop_reason: filtered ? 'refusal' : stopReasonOfGemini(candidate.finishReason, called),
    stop_sequence: null,
    usage: usage ? toAnthropicUsage(usage) : { input_tokens: 0, output_tokens: 0 },
  };
}
