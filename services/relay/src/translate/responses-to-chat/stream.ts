import type { CountedCompletion } from '../../metering';
import { errorFromBody } from '../../protocols/openai/errors';
import { usageOf } from '../../protocols/openai/usage';
import type { ChatCompletionChunk, ChatDelta } from '../../protocols/openai/wire';
import { DONE, JsonEvent, jsonMembers, type WireEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import type { Usage } from '../../protocols/usage';
import type { AppError } from '@modelgate/runtime';
import { CompletionTally } from '../completion-tally';
import type { StreamTranslator, TranslationContext } from '../types';
import { newId, nowSeconds } from '../vocabulary';
import type { OutputFunctionCall, OutputItem, OutputMessage, OutputReasoning, ResponseObject } from '../../protocols/responses/wire';
import { toResponsesStreamError } from '../../protocols/responses/errors';
import {
  countedUsage,
  endingOf,
  functionCallItemId,
  messageItemId,
  outputText,
  reasoningItemId,
  responseId,
  ResponseJsonTemplate,
  responseShell,
  toResponseUsage,
  withListElement,
} from './answer';

/**
 * The delta events of one item as JSON text around their variable parts, written once when the
 * item opens: `head`, the delta's text as a JSON string, `tail`, the sequence number, `}`.
 */
interface DeltaTemplate {
  readonly type: string;
  readonly head: string;
  readonly tail: string;
}

/** `at`: the JSON members naming the item (`"item_id":…,"output_index":…`). */
function deltaTemplate(type: string, at: string, part: string, after = ''): DeltaTemplate {
  return { type, head: `{"type":"${type}",${at},${part}"delta":`, tail: `${after},"sequence_number":` };
}

/** The item the stream is writing into, with the text it has received so far and its delta events. */
type OpenItem = (
  | { kind: 'reasoning'; item: OutputReasoning }
  | { kind: 'message'; item: OutputMessage }
  | { kind: 'refusal'; item: OutputMessage }
) & {
  index: number;
  /** The JSON members naming the item in its events (`"item_id":…,"output_index":…`). */
  at: string;
  text: string;
  delta: DeltaTemplate;
};

interface KnownCall {
  item: OutputFunctionCall;
  index: number;
  /** Still receiving arguments (until another item begins). */
  open: boolean;
  delta: DeltaTemplate;
}

/**
 * Chat completion chunks as the Responses API's stream, built as they arrive: `response.created`
 * and `response.in_progress` first; reasoning deltas as a reasoning item's summary text; content
 * as a message item with one output_text part (added, deltas, done), a refusal as one with a
 * refusal part; each tool call as a function_call item whose arguments arrive as deltas; every
 * item closed with its `.done` events when the next begins or the stream ends; then `response.completed` (or `response.incomplete`
 * for a length or content-filter stop) carrying the whole response and its usage. Every event is
 * named and numbered by `sequence_number`. An error chunk or a cut stream ends it with
 * `response.failed` and the Responses API's `error` event.
 *
 * Events are written as JSON the moment they are made ({@link JsonEvent}), so they show the
 * response and its items as they were then without copying them; a delta is its item's
 * {@link DeltaTemplate} around the new text.
 */
export class ChatToResponsesStream implements StreamTranslator {
  private sequence = 0;
  private started = false;
  private finished = false;
  private readonly response: ResponseObject;
  private readonly output: OutputItem[] = [];
  private open: OpenItem | undefined;
  /** The function-call items, by the chat tool call's index. */
  private readonly calls = new Map<number, KnownCall>();
  private finishReason: string | null = null;
  private usage: Usage | undefined;
  /** What the answer delivered, for the closing usage when the channel reported none. */
  private readonly tally = new CompletionTally();
  /** The response's JSON around what its closing event changes, cut when the stream starts. */
  private template: ResponseJsonTemplate | undefined;
  /** The JSON of each reasoning or message item once closed (it changes no more), for the closing event. */
  private readonly closedJson = new Map<OutputItem, string>();

  constructor(private readonly context: TranslationContext) {
    this.response = responseShell(context, responseId(), nowSeconds());
  }

  push(wire: WireEvent): WireEvent[] {
    if (this.finished) return [];
    if (wire.data === DONE) return this.close();
    if (typeof wire.data !== 'object' || wire.data === null) return [];
    const chunk = wire.data as Partial<ChatCompletionChunk> & Record<string, unknown>;
    const error = errorFromBody(200, chunk);
    if (error) return this.fail(error);
    const out: WireEvent[] = [];
    this.start(out);
    this.usage = usageOf(chunk) ?? this.usage;
    this.tally.addOpenAIChunk(chunk);
    const choice = Array.isArray(chunk.choices) ? chunk.choices.find((c) => (c.index ?? 0) === 0) : undefined;
    if (choice) {
      this.delta((choice.delta ?? {}) as ChatDelta & Record<string, unknown>, out);
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
    return out;
  }

  end(interrupted: boolean): WireEvent[] {
    if (this.finished) return [];
    return interrupted ? this.fail(upstreamInterruptedError()) : this.close();
  }

  countedCompletion(): CountedCompletion | undefined {
    return this.tally.countedCompletion();
  }

  /** An event of these JSON members, between its `type` and its `sequence_number`. */
  private eventOf(type: string, members: string): WireEvent {
    const middle = members === '' ? ',' : `,${members},`;
    return new JsonEvent(type, `{"type":"${type}"${middle}"sequence_number":${this.sequence++}}`);
  }

  private event(type: string, fields: Record<string, unknown>): WireEvent {
    return this.eventOf(type, jsonMembers(fields));
  }

  private deltaEvent(template: DeltaTemplate, text: string): WireEvent {
    return new JsonEvent(template.type, `${template.head}${JSON.stringify(text)}${template.tail}${this.sequence++}}`);
  }

  /** The response as it stands (events are serialised at once, so its items need no copy). */
  private snapshot(): ResponseObject {
    return { ...this.response, output: this.output };
  }

  private start(out: WireEvent[]): void {
    if (this.started) return;
    this.started = true;
    // Both events carry the same response: serialised once, and kept for the closing event.
    const shell = JSON.stringify(this.snapshot());
    this.template = ResponseJsonTemplate.of(shell);
    const response = `"response":${shell}`;
    out.push(this.eventOf('response.created', response), this.eventOf('response.in_progress', response));
  }

  private delta(delta: ChatDelta & Record<string, unknown>, out: WireEvent[]): void {
    const reasoning = delta.reasoning_content ?? delta['reasoning'];
    if (typeof reasoning === 'string' && reasoning !== '') this.reasoningDelta(reasoning, out);
    if (typeof delta.content === 'string' && delta.content !== '') this.textDelta(delta.content, out);
    if (typeof delta['refusal'] === 'string' && delta['refusal'] !== '') this.refusalDelta(delta['refusal'], out);
    for (const call of delta.tool_calls ?? []) this.callDelta(call, out);
  }

  private reasoningDelta(text: string, out: WireEvent[]): void {
    let open = this.open;
    if (open?.kind !== 'reasoning') {
      this.closeAll(out);
      const item: OutputReasoning = { id: reasoningItemId(), type: 'reasoning', summary: [], status: 'in_progress' };
      const index = this.output.length;
      const at = jsonMembers({ item_id: item.id, output_index: index });
      const delta = deltaTemplate('response.reasoning_summary_text.delta', at, '"summary_index":0,');
      open = this.add({ kind: 'reasoning', item, index, at, text: '', delta }, out);
      out.push(this.eventOf('response.reasoning_summary_part.added', `${at},"summary_index":0,"part":{"type":"summary_text","text":""}`));
    }
    open.text += text;
    out.push(this.deltaEvent(open.delta, text));
  }

  private textDelta(text: string, out: WireEvent[]): void {
    const open = this.open?.kind === 'message' ? this.open : this.openMessage('message', out);
    open.text += text;
    out.push(this.deltaEvent(open.delta, text));
  }

  /** A refusal (structured outputs) as a message whose one part is a refusal. */
  private refusalDelta(text: string, out: WireEvent[]): void {
    const open = this.open?.kind === 'refusal' ? this.open : this.openMessage('refusal', out);
    open.text += text;
    out.push(this.deltaEvent(open.delta, text));
  }

  private openMessage<K extends 'message' | 'refusal'>(kind: K, out: WireEvent[]): OpenItem & { kind: K } {
    this.closeAll(out);
    const item: OutputMessage = { id: messageItemId(), type: 'message', role: 'assistant', status: 'in_progress', content: [] };
    const index = this.output.length;
    const at = jsonMembers({ item_id: item.id, output_index: index });
    const delta =
      kind === 'message'
        ? deltaTemplate('response.output_text.delta', at, '"content_index":0,', ',"logprobs":[]')
        : deltaTemplate('response.refusal.delta', at, '"content_index":0,');
    const open = this.add({ kind, item, index, at, text: '', delta } as OpenItem & { kind: K }, out);
    const part = kind === 'message' ? outputText('') : { type: 'refusal' as const, refusal: '' };
    out.push(this.eventOf('response.content_part.added', `${at},"content_index":0,"part":${JSON.stringify(part)}`));
    return open;
  }

  private callDelta(call: NonNullable<ChatDelta['tool_calls']>[number], out: WireEvent[]): void {
    let known = this.calls.get(call.index);
    if (!known) {
      this.closeAll(out);
      const id = functionCallItemId();
      const item: OutputFunctionCall = {
        id,
        type: 'function_call',
        call_id: call.id ?? newId('call_'),
        name: call.function?.name ?? '',
        arguments: '',
        status: 'in_progress',
      };
      const index = this.output.length;
      const delta = deltaTemplate('response.function_call_arguments.delta', jsonMembers({ item_id: id, output_index: index }), '');
      known = { item, index, open: true, delta };
      this.output.push(item);
      this.calls.set(call.index, known);
      out.push(this.event('response.output_item.added', { output_index: index, item }));
    } else if (call.function?.name && known.item.name === '') {
      known.item.name = call.function.name;
    }
    const args = call.function?.arguments;
    if (args) {
      known.item.arguments += args;
      // Arguments of a call already closed (a vendor interleaving calls) reach the final response only.
      if (known.open) out.push(this.deltaEvent(known.delta, args));
    }
  }

  private add<T extends OpenItem>(open: T, out: WireEvent[]): T {
    this.open = open;
    this.output.push(open.item);
    out.push(this.event('response.output_item.added', { output_index: open.index, item: open.item }));
    return open;
  }

  /**
   * Closes the reasoning or message item being written: its text's `.done` event, its part's and
   * its own, the text serialised once for the three (and the item once more for the closing event).
   */
  private closeOpen(out: WireEvent[]): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    const { at, item } = open;
    const text = JSON.stringify(open.text);
    let itemJson: string;
    if (open.kind === 'reasoning') {
      const part = `{"type":"summary_text","text":${text}}`;
      out.push(
        this.eventOf('response.reasoning_summary_text.done', `${at},"summary_index":0,"text":${text}`),
        this.eventOf('response.reasoning_summary_part.done', `${at},"summary_index":0,"part":${part}`),
      );
      open.item.status = 'completed';
      itemJson = withListElement(JSON.stringify(item), 'summary', part);
      open.item.summary = [{ type: 'summary_text', text: open.text }];
    } else if (open.kind === 'refusal') {
      const part = `{"type":"refusal","refusal":${text}}`;
      out.push(
        this.eventOf('response.refusal.done', `${at},"content_index":0,"refusal":${text}`),
        this.eventOf('response.content_part.done', `${at},"content_index":0,"part":${part}`),
      );
      open.item.status = 'completed';
      itemJson = withListElement(JSON.stringify(item), 'content', part);
      open.item.content = [{ type: 'refusal', refusal: open.text }];
    } else {
      const part = `{"type":"output_text","text":${text},"annotations":[],"logprobs":[]}`;
      out.push(
        this.eventOf('response.output_text.done', `${at},"content_index":0,"text":${text},"logprobs":[]`),
        this.eventOf('response.content_part.done', `${at},"content_index":0,"part":${part}`),
      );
      open.item.status = endingOf(this.finishReason).status === 'incomplete' ? 'incomplete' : 'completed';
      itemJson = withListElement(JSON.stringify(item), 'content', part);
      open.item.content = [outputText(open.text)];
    }
    this.closedJson.set(item, itemJson);
    out.push(this.eventOf('response.output_item.done', `"output_index":${open.index},"item":${itemJson}`));
  }

  /** Closes every item still open: the one being written, or the function call. */
  private closeAll(out: WireEvent[]): void {
    this.closeOpen(out);
    for (const call of this.calls.values()) {
      if (!call.open) continue;
      const { item, index } = call;
      call.open = false;
      item.status = 'completed';
      out.push(
        this.event('response.function_call_arguments.done', { item_id: item.id, output_index: index, name: item.name, arguments: item.arguments }),
        this.event('response.output_item.done', { output_index: index, item }),
      );
    }
  }

  private close(): WireEvent[] {
    this.finished = true;
    const out: WireEvent[] = [];
    this.start(out);
    // An answer with nothing in it is still one message, with empty text, as a whole answer is.
    if (this.output.length === 0) this.openMessage('message', out);
    this.closeAll(out);
    const ending = endingOf(this.finishReason);
    const usage = this.usage ? toResponseUsage(this.usage) : countedUsage(this.context, this.tally.count(this.context.request.summary.model).tokens);
    const type = ending.status === 'completed' ? 'response.completed' : 'response.incomplete';
    if (this.template) {
      const output = `[${this.output.map((item) => this.closedJson.get(item) ?? JSON.stringify(item)).join(',')}]`;
      out.push(this.eventOf(type, `"response":${this.template.ended(ending.status, ending.details, output, usage)}`));
    } else {
      const response: ResponseObject = { ...this.snapshot(), status: ending.status, incomplete_details: ending.details, usage };
      out.push(this.event(type, { response }));
    }
    return out;
  }

  /** The stream failed: `response.failed` when the response had begun, then the `error` event. */
  private fail(error: AppError): WireEvent[] {
    this.finished = true;
    const out: WireEvent[] = [];
    if (this.started) {
      const open = this.open;
      if (open?.kind === 'reasoning') open.item.summary = [{ type: 'summary_text', text: open.text }];
      if (open?.kind === 'message') open.item.content = [outputText(open.text)];
      if (open?.kind === 'refusal') open.item.content = [{ type: 'refusal', refusal: open.text }];
      for (const item of this.output) if (item.status === 'in_progress') item.status = 'incomplete';
      const response: ResponseObject = {
        ...this.snapshot(),
        status: 'failed',
        error: { code: 'server_error', message: error.message },
      };
      if (this.usage) response.usage = toResponseUsage(this.usage);
      out.push(this.event('response.failed', { response }));
    }
    out.push({ name: 'error', data: { ...toResponsesStreamError(error), sequence_number: this.sequence++ } });
    return out;
  }
}
