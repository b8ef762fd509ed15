import type { ResponseCreateRequest, TextConfig } from '../../protocols/responses/wire';
import type { TranslatedRequest, TranslationContext } from '../types';
import { untranslatable } from '../vocabulary';
import { type ChatMessage, messagesOf } from './input';
import { chatToolChoiceOf, chatToolsOf } from './tools';

/**
 * A Responses request as a chat completion request: `instructions` as the first system message,
 * `input` as messages ({@link messagesOf}), function tools and the tool choice, parallel tool
 * calls, `reasoning.effort` as `reasoning_effort`, `text.format` as `response_format`,
 * `max_output_tokens` as `max_tokens`, sampling, and `user` (or `safety_identifier`).
 * A stream asks for its usage, so the response's usage is the channel's own count.
 *
 * Dropped, as a chat channel has no use for them: `metadata`, `store` (nothing is stored upstream:
 * the response cannot be fetched or continued later), `include`, `truncation`, the reasoning
 * summary setting, `text.verbosity`, prompt caching hints and `service_tier`. Refused with a 400,
 * rather than losing context silently: `previous_response_id` and `conversation` (there is no
 * stored upstream response to continue: send the whole conversation as `input`), a stored
 * `prompt` template and `background`.
 */

function refuseStoredState(request: ResponseCreateRequest): void {
  if (request.previous_response_id !== undefined && request.previous_response_id !== null) {
    throw untranslatable(
      "previous_response_id cannot be used with this model: its channel speaks chat completions and keeps no stored response to continue; send the whole conversation in input instead",
      'previous_response_id',
    );
  }
  if (request.conversation !== undefined && request.conversation !== null) {
    throw untranslatable(
      "conversation cannot be used with this model: its channel speaks chat completions and keeps no stored conversation; send the whole conversation in input instead",
      'conversation',
    );
  }
  if (request.prompt !== undefined && request.prompt !== null) {
    throw untranslatable("prompt: a stored prompt template cannot be used with this model's channel; send instructions and input instead", 'prompt');
  }
  if (request.background === true) {
    throw untranslatable("background: this model's channel answers in the foreground only", 'background');
  }
}

/** Chat's `response_format` for the Responses `text.format`; undefined for plain text. */
function responseFormatOf(text: TextConfig | null | undefined): Record<string, unknown> | undefined {
  const format = text?.format;
  if (!format || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  const schema: Record<string, unknown> = { name: format.name, schema: format.schema };
  if (typeof format.description === 'string') schema['description'] = format.description;
  if (typeof format.strict === 'boolean') schema['strict'] = format.strict;
  return { type: 'json_schema', json_schema: schema };
}

export function responsesToChatRequest(context: TranslationContext): TranslatedRequest {
  const request = context.request.payload as ResponseCreateRequest;
  refuseStoredState(request);

  const messages: ChatMessage[] = [];
  if (typeof request.instructions === 'string' && request.instructions !== '') messages.push({ role: 'system', content: request.instructions });
  messages.push(...messagesOf(request.input ?? []));
  if (messages.length === 0) throw untranslatable('input: the request has nothing for the model to answer', 'input');

  const json: Record<string, unknown> = { model: context.upstreamModel, messages };
  const { choice, tools } = chatToolChoiceOf(request.tool_choice, chatToolsOf(request.tools));
  if (tools) {
    json['tools'] = tools;
    if (choice !== undefined) json['tool_choice'] = choice;
    if (typeof request.parallel_tool_calls === 'boolean') json['parallel_tool_calls'] = request.parallel_tool_calls;
  }
  if (typeof request.reasoning?.effort === 'string') json['reasoning_effort'] = request.reasoning.effort;
  const format = responseFormatOf(request.text);
  if (format) json['response_format'] = format;
  // `max_tokens`, the limit every chat vendor reads; the OpenAI adapter renames it for o-series models.
  if (typeof request.max_output_tokens === 'number') json['max_tokens'] = request.max_output_tokens;
  if (typeof request.temperature === 'number') json['temperature'] = request.temperature;
  if (typeof request.top_p === 'number') json['top_p'] = request.top_p;
  const user = request.user ?? request.safety_identifier;
  if (typeof user === 'string' && user !== '') json['user'] = user;

  const stream = request.stream === true;
  if (stream) {
    json['stream'] = true;
    json['stream_options'] = { include_usage: true };
  }
  return { json, stream };
}
