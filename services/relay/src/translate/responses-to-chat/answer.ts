import type { OutputTextPart, ResponseCreateRequest, ResponseObject, ResponseUsage } from '../../protocols/responses/wire';
import type { Usage } from '../../protocols/usage';
import type { TranslationContext } from '../types';
import { newId } from '../vocabulary';

/**
 * The Responses API's answer as this translation builds it: the Response object (with the echo of
 * the request's settings the SDKs type as present), its output items and its usage. Shared by the
 * whole answer and the stream, which sends the same object in its lifecycle events.
 */

/** Why a response stopped short. */
export interface IncompleteDetails {
  reason: 'max_output_tokens' | 'content_filter';
}

/** Ids in OpenAI's style for the response and its items. */
export const responseId = (): string => newId('resp_');
export const messageItemId = (): string => newId('msg_');
export const functionCallItemId = (): string => newId('fc_');
export const reasoningItemId = (): string => newId('rs_');

/**
 * The response a request starts: in progress, no output yet, the request's settings echoed as
 * OpenAI echoes them (the model the client named, its instructions, tools, tool choice, text
 * format, reasoning, sampling and limits). Nothing is stored upstream, so `store` is false.
 */
export function responseShell(context: TranslationContext, id: string, createdAt: number): ResponseObject {
  const request = (context.request.payload ?? {}) as Partial<ResponseCreateRequest>;
  const shell: ResponseObject = {
    id,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    background: false,
    error: null,
    incomplete_details: null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    model: context.request.summary.model,
    output: [],
    parallel_tool_calls: request.parallel_tool_calls !== false,
    previous_response_id: null,
    reasoning: { effort: request.reasoning?.effort ?? null, summary: request.reasoning?.summary ?? null },
    store: false,
    temperature: request.temperature ?? null,
    text: request.text ?? { format: { type: 'text' } },
    tool_choice: request.tool_choice ?? 'auto',
    tools: request.tools ?? [],
    top_p: request.top_p ?? null,
    truncation: 'disabled',
    metadata: request.metadata ?? {},
  };
  if (typeof request.user === 'string') shell.user = request.user;
  if (typeof request.safety_identifier === 'string') shell.safety_identifier = request.safety_identifier;
  return shell;
}

/** The Responses usage object for a neutral usage. */
export function toResponseUsage(usage: Usage): ResponseUsage {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

/** The usage the gateway counts itself when the upstream reported none. */
export function countedUsage(context: TranslationContext, completionTokens: number): ResponseUsage {
  const input = context.request.summary.promptTokens();
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: completionTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + completionTokens,
  };
}

/**
 * How a chat completion's `finish_reason` ends a response: cut by the output limit or by a
 * content filter makes it `incomplete` with that reason; anything else completes it.
 */
export function endingOf(finishReason: string | null | undefined): { status: 'completed' | 'incomplete'; details: IncompleteDetails | null } {
  if (finishReason === 'length') return { status: 'incomplete', details: { reason: 'max_output_tokens' } };
  if (finishReason === 'content_filter') return { status: 'incomplete', details: { reason: 'content_filter' } };
  return { status: 'completed', details: null };
}

export function outputText(text: string): OutputTextPart {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

/** The members of a stream's shell that its closing event changes, as the shell's JSON has them. */
const SHELL_ENDING = '"status":"in_progress","background":false,"error":null,"incomplete_details":null,';
const SHELL_OUTPUT = '"output":[],';

/**
 * A streamed response's JSON cut around what changes by its end — `status`,
 * `incomplete_details`, `output` and the added `usage` — so the closing event serialises only
 * those, and the echo of the request (instructions and tools can be tens of kB) once per stream.
 * Cut from the JSON of a {@link responseShell}: the members before `status` are the gateway's
 * own, and between `incomplete_details` and `output` come only strings, numbers and null, whose
 * JSON holds no unescaped quote, so the first match of each cut is that member itself.
 */
export class ResponseJsonTemplate {
  private constructor(
    private readonly head: string,
    private readonly middle: string,
    private readonly tail: string,
  ) {}

  /** The template of a shell's JSON; undefined when it is not laid out as {@link responseShell} lays it out. */
  static of(shellJson: string): ResponseJsonTemplate | undefined {
    const ending = shellJson.indexOf(SHELL_ENDING);
    const output = ending < 0 ? -1 : shellJson.indexOf(SHELL_OUTPUT, ending + SHELL_ENDING.length);
    if (output < 0 || !shellJson.endsWith('}')) return undefined;
    return new ResponseJsonTemplate(
      shellJson.slice(0, ending),
      shellJson.slice(ending + SHELL_ENDING.length, output),
      shellJson.slice(output + SHELL_OUTPUT.length, -1),
    );
  }

  /** The JSON of `{...shell, status, incomplete_details, output, usage}`, `output` given as JSON. */
  ended(status: string, details: IncompleteDetails | null, outputJson: string, usage: ResponseUsage): string {
    const ending = `"status":${JSON.stringify(status)},"background":false,"error":null,"incomplete_details":${JSON.stringify(details)},`;
    return `${this.head}${ending}${this.middle}"output":${outputJson},${this.tail},"usage":${JSON.stringify(usage)}}`;
  }
}

/**
 * `json` (an object's JSON whose `key` holds an empty list, and whose members before it are the
 * gateway's own) with that list holding the element `elementJson`.
 */
export function withListElement(json: string, key: string, elementJson: string): string {
  const empty = `"${key}":[]`;
  const at = json.indexOf(empty);
  if (at < 0) throw new Error(`no empty ${key} list in ${json.slice(0, 80)}`);
  return `${json.slice(0, at)}"${key}":[${elementJson}]${json.slice(at + empty.length)}`;
}
