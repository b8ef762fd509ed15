import type { Candidate, GenerateContentResponse, Part } from '../../protocols/gemini/wire';
import { toGeminiUsage } from '../../protocols/gemini/usage';
import { usageOf } from '../../protocols/openai/usage';
import type { ChatAnswerMessage, ChatCompletion } from '../../protocols/openai/wire';
import { fieldOf } from '../../protocols/usage';
import { callPart, candidate, geminiResponse, responseIdOf, textPart, wantsThoughts } from '../gemini-client/answer';
import type { TranslationContext } from '../types';
import { answerArguments, geminiFinishReasonOf } from '../vocabulary';

/** The parts of an assistant message: its reasoning (when the client wants thoughts), text, refusal and calls. */
function partsOf(message: Partial<ChatAnswerMessage> | undefined, thoughts: boolean): Part[] {
  const parts: Part[] = [];
  const reasoning = fieldOf(message, 'reasoning_content') ?? fieldOf(message, 'reasoning');
  if (thoughts && typeof reasoning === 'string' && reasoning !== '') parts.push(textPart(reasoning, true));
  if (typeof message?.content === 'string' && message.content !== '') parts.push(textPart(message.content));
  if (typeof message?.refusal === 'string' && message.refusal !== '') parts.push(textPart(message.refusal));
  for (const call of message?.tool_calls ?? []) {
    parts.push(callPart(call.id, call.function.name, answerArguments(call.function.arguments ?? '')));
  }
  return parts;
}

/**
 * An OpenAI chat completion as a Gemini `GenerateContentResponse`: each choice a candidate (its
 * reasoning as a thought part when asked for, its text, its tool calls as function calls with
 * their arguments parsed), `finish_reason` as `finishReason`, usage as `usageMetadata` (cached
 * and reasoning tokens in Gemini's fields), the client's model as `modelVersion`.
 */
export function openAIToGeminiResponse(upstream: unknown, context: TranslationContext): GenerateContentResponse {
  const completion = upstream as Partial<ChatCompletion>;
  const thoughts = wantsThoughts(context);
  const candidates: Candidate[] = (Array.isArray(completion.choices) ? completion.choices : []).map((choice, position) =>
    candidate(partsOf(choice.message, thoughts), choice.index ?? position, geminiFinishReasonOf(choice.finish_reason)),
  );
  const usage = usageOf(upstream as Record<string, unknown>);
  return geminiResponse(context, responseIdOf(completion.id), candidates, usage ? toGeminiUsage(usage) : undefined);
}
