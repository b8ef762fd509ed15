import { countTextTokens } from '../../metering/token-counter';
import { usageOf } from '../../protocols/openai/usage';
import type { ChatAnswerMessage, ChatCompletion } from '../../protocols/openai/wire';
import type { OutputItem, ResponseObject } from '../../protocols/responses/wire';
import type { TranslationContext } from '../types';
import { nowSeconds } from '../vocabulary';
import {
  countedUsage,
  endingOf,
  functionCallItemId,
  messageItemId,
  outputText,
  reasoningItemId,
  responseId,
  responseShell,
  toResponseUsage,
} from './answer';

/** The reasoning a chat answer carries (`reasoning_content`, or `reasoning` as some vendors name it). */
export function reasoningOf(message: Record<string, unknown>): string | undefined {
  const reasoning = message['reasoning_content'] ?? message['reasoning'];
  return typeof reasoning === 'string' && reasoning !== '' ? reasoning : undefined;
}

/**
 * A chat completion as a Response: the reasoning (when the channel sends it) as a reasoning item
 * with its summary text, the content (or refusal) as a message item, each tool call as a
 * function_call item (its id as `call_id`), `finish_reason` as the status (`incomplete` for a
 * length or content-filter stop) and the usage in the Responses API's words; the gateway's own
 * count when the channel reported none.
 */
export function chatToResponsesResponse(upstream: unknown, context: TranslationContext): ResponseObject {
  const completion = (typeof upstream === 'object' && upstream !== null ? upstream : {}) as Partial<ChatCompletion> & Record<string, unknown>;
  const choice = Array.isArray(completion.choices) ? completion.choices.find((c) => (c.index ?? 0) === 0) : undefined;
  const message = (choice?.message ?? {}) as Partial<ChatAnswerMessage> & Record<string, unknown>;
  const ending = endingOf(choice?.finish_reason);
  const itemStatus = ending.status === 'incomplete' ? 'incomplete' : 'completed';
  const output: OutputItem[] = [];

  const reasoning = reasoningOf(message);
  if (reasoning !== undefined) {
    output.push({ id: reasoningItemId(), type: 'reasoning', summary: [{ type: 'summary_text', text: reasoning }], status: 'completed' });
  }
  const content = typeof message.content === 'string' ? message.content : '';
  const refusal = typeof message.refusal === 'string' && message.refusal !== '' ? message.refusal : undefined;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  if (content !== '' || refusal !== undefined || calls.length === 0) {
    output.push({
      id: messageItemId(),
      type: 'message',
      role: 'assistant',
      status: itemStatus,
      content: refusal !== undefined && content === '' ? [{ type: 'refusal', refusal }] : [outputText(content)],
    });
  }
  for (const call of calls) {
    output.push({
      id: functionCallItemId(),
      type: 'function_call',
      call_id: call.id,
      name: call.function?.name ?? '',
      arguments: call.function?.arguments ?? '',
      status: 'completed',
    });
  }

  const response = responseShell(context, responseId(), typeof completion.created === 'number' ? completion.created : nowSeconds());
  const usage = usageOf(completion);
  const model = context.request.summary.model;
  const answered = [reasoning ?? '', content, ...calls.map((call) => call.function?.arguments ?? '')].join('');
  return {
    ...response,
    status: ending.status,
    incomplete_details: ending.details,
    output,
    usage: usage ? toResponseUsage(usage) : countedUsage(context, countTextTokens(model, answered)),
  };
}
