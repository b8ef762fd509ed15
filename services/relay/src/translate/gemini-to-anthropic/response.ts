import type { AnthropicMessage, OutputBlock } from '../../protocols/anthropic/wire';
import { fromAnthropicUsage } from '../../protocols/anthropic/usage';
import type { GenerateContentResponse, Part } from '../../protocols/gemini/wire';
import { toGeminiUsage } from '../../protocols/gemini/usage';
import { callPart, candidate, geminiResponse, responseIdOf, textPart, wantsThoughts } from '../gemini-client/answer';
import type { TranslationContext } from '../types';
import { finishReasonOf, geminiFinishReasonOf } from '../vocabulary';
import { packThinking, type ThinkingBlock } from './signed-thinking';

/** Gemini's `finishReason` for Claude's `stop_reason`. */
export function finishReasonOfClaude(stopReason: string | null | undefined): string {
  return geminiFinishReasonOf(finishReasonOf(stopReason));
}

/**
 * An Anthropic Message as a Gemini `GenerateContentResponse`: its text blocks as text parts,
 * thinking as thought parts (when the client asked for thoughts), tool_use blocks as function
 * calls (the first after some thinking carrying it as its signature), `stop_reason` as
 * `finishReason`, usage as `usageMetadata` (cache reads and writes counted in the prompt, reads as
 * cached content), the client's model as `modelVersion`.
 */
export function anthropicToGeminiResponse(upstream: unknown, context: TranslationContext): GenerateContentResponse {
  const message = upstream as Partial<AnthropicMessage>;
  const thoughts = wantsThoughts(context);
  const parts: Part[] = [];
  let thinking: ThinkingBlock[] = [];
  for (const block of (message.content ?? []) as OutputBlock[]) {
    switch (block.type) {
      case 'text':
        if (block.text !== '') parts.push(textPart(block.text));
        break;
      case 'thinking':
        thinking.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
        if (thoughts && block.thinking !== '') parts.push(textPart(block.thinking, true));
        break;
      case 'redacted_thinking':
        thinking.push({ type: 'redacted_thinking', data: block.data });
        break;
      case 'tool_use':
        parts.push(callPart(block.id, block.name, (block.input ?? {}) as Record<string, unknown>, thinking.length > 0 ? packThinking(thinking) : undefined));
        thinking = [];
        break;
    }
  }
  const usage = fromAnthropicUsage(message.usage);
  return geminiResponse(
    context,
    responseIdOf(message.id),
    [candidate(parts, 0, finishReasonOfClaude(message.stop_reason))],
    usage ? toGeminiUsage(usage) : undefined,
  );
}
