import { fromGeminiUsage } from '../../protocols/gemini/usage';
import type { Candidate, GenerateContentResponse } from '../../protocols/gemini/wire';
import type { ChatAnswerImage, ChatAnswerMessage, ChatCompletion } from '../../protocols/openai/wire';
import { candidatesOf, finishReasonOfGemini, generatedImageOf, partsOf, responseIdOf, textOf } from '../from-gemini';
import { completionIdOf, toChatUsage } from '../openai-to-anthropic/response';
import type { TranslationContext } from '../types';
import { newId, nowSeconds } from '../vocabulary';

type ToolCall = NonNullable<ChatAnswerMessage['tool_calls']>[number];

/** A function call of Gemini's as an OpenAI tool call (Gemini's id when it gave one, else a new `call_` id). */
export function toolCallOf(call: { id?: string; name: string; args?: Record<string, unknown> }): ToolCall {
  return { id: call.id || newId('call_'), type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } };
}

/**
 * One candidate as an OpenAI choice: thought parts as `reasoning_content`, text as content,
 * function calls as `tool_calls`, generated images as `images` (data URLs).
 */
function choiceOf(candidate: Candidate, position: number): ChatCompletion['choices'][number] {
  const texts: string[] = [];
  const thoughts: string[] = [];
  const calls: ToolCall[] = [];
  const images: ChatAnswerImage[] = [];
  for (const part of partsOf(candidate)) {
    const text = textOf(part);
    const image = generatedImageOf(part);
    if (text !== undefined) (part.thought === true ? thoughts : texts).push(text);
    else if (part.functionCall) calls.push(toolCallOf(part.functionCall));
    else if (image) images.push(image);
  }
  const message: ChatAnswerMessage = { role: 'assistant', content: texts.length > 0 ? texts.join('') : null };
  if (thoughts.length > 0) message.reasoning_content = thoughts.join('');
  if (images.length > 0) message.images = images;
  if (calls.length > 0) message.tool_calls = calls;
  const finish = finishReasonOfGemini(candidate.finishReason, calls.length > 0) ?? 'stop';
  return { index: typeof candidate.index === 'number' ? candidate.index : position, message, finish_reason: finish, logprobs: null };
}

/**
 * A Gemini answer as an OpenAI chat completion: a choice per candidate, `finishReason` as
 * `finish_reason` (filters as `content_filter`, function calls as `tool_calls`), usage with
 * thoughts counted as reasoning tokens and cached content as cached tokens. An answer whose prompt
 * was blocked never gets here (the adapter reports it as an error).
 */
export function geminiToOpenAIResponse(upstream: unknown, context: TranslationContext): ChatCompletion {
  const answer = upstream as GenerateContentResponse;
  const choices = candidatesOf(answer).map(choiceOf);
  if (choices.length === 0) {
    choices.push({ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'content_filter', logprobs: null });
  }
  const usage = fromGeminiUsage(answer.usageMetadata);
  return {
    id: completionIdOf(responseIdOf(answer)),
    object: 'chat.completion',
    created: nowSeconds(),
    model: context.request.summary.model,
    choices,
    ...(usage ? { usage: toChatUsage(usage) } : {}),
  };
}
