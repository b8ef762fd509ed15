import type { CountedCompletion } from '../../metering';
import { toAnthropicError } from '../../protocols/anthropic/errors';
import { toAnthropicUsage } from '../../protocols/anthropic/usage';
import type { AnthropicUsage } from '../../protocols/anthropic/wire';
import { errorFromBody } from '../../protocols/openai/errors';
import { usageOf } from '../../protocols/openai/usage';
import type { ChatCompletionChunk, ChatDelta } from '../../protocols/openai/wire';
import { DONE, JsonEvent, type WireEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import type { Usage } from '../../protocols/usage';
import { CompletionTally } from '../completion-tally';
import type { StreamTranslator, TranslationContext } from '../types';
import { stopReasonOf } from '../vocabulary';
import { messageIdOf } from './response';

type BlockKind = 'text' | 'thinking' | 'tool_use';

const event = <T extends { readonly type: string }>(data: T): WireEvent => ({ name: data.type, data });

/**
 * A `content_block_delta` written as JSON around its one variable part, the text (`field` of a
 * delta of type `kind`): the event of every streamed chunk, so no object tree is built and
 * serialised for it.
 */
const blockDelta = (index: number, kind: string, field: string, text: string): WireEvent =>
  new JsonEvent('content_block_delta', `{"type":"content_block_delta","index":${index},"delta":{"type":"${kind}","${field}":${JSON.stringify(text)}}}`);

/**
 * OpenAI chat chunks as Anthropic's stream, built as they arrive: `message_start` with the first
 * chunk, a content block per run of reasoning (`thinking_delta`), text (`text_delta`) or tool call
 * (`tool_use` started with its id and name, arguments as `input_json_delta`), then `message_delta`
 * with the stop reason and usage, and `message_stop`. An error chunk becomes an `error` event; a
 * stream cut short ends with one.
 */
export class OpenAIToAnthropicStream implements StreamTranslator {
  private started = false;
  private finished = false;
  private nextIndex = 0;
  private open: { kind: BlockKind; index: number } | undefined;
  /** Content-block index of each OpenAI tool call index. */
  private readonly toolBlocks = new Map<number, number>();
  private stopReason: string | undefined;
  private usage: Usage | undefined;
  /** What the answer delivered, for the closing usage when the channel reported none. */
  private readonly tally = new CompletionTally();

  constructor(private readonly context: TranslationContext) {}

  push(wire: WireEvent): WireEvent[] {
    if (this.finished) return [];
    if (wire.data === DONE) return this.close();
    if (typeof wire.data !== 'object' || wire.data === null) return [];
    const chunk = wire.data as Partial<ChatCompletionChunk> & Record<string, unknown>;
    const out: WireEvent[] = [];
    const error = errorFromBody(200, chunk);
    if (error) {
      this.finished = true;
      return [...this.start(out, chunk.id), event(toAnthropicError(error).body)];
    }
    this.start(out, chunk.id);
    this.usage = usageOf(chunk) ?? this.usage;
    this.tally.addOpenAIChunk(chunk);
    const choice = Array.isArray(chunk.choices) ? chunk.choices.find((c) => (c.index ?? 0) === 0) : undefined;
    if (choice) {
      this.delta(choice.delta ?? {}, out);
      if (choice.finish_reason) this.stopReason = stopReasonOf(choice.finish_reason);
    }
    return out;
  }

  end(interrupted: boolean): WireEvent[] {
    if (this.finished) return [];
    if (!interrupted) return this.close();
    this.finished = true;
    const out: WireEvent[] = [];
    this.start(out, undefined);
    return [...out, event(toAnthropicError(upstreamInterruptedError()).body)];
  }

  private start(out: WireEvent[], id: unknown): WireEvent[] {
    if (this.started) return out;
    this.started = true;
    out.push(
      event({
        type: 'message_start',
        message: {
          id: messageIdOf(id),
          type: 'message',
          role: 'assistant',
          model: this.context.request.summary.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          // An OpenAI upstream tells its prompt tokens at the end; message_delta carries them.
          usage: { input_tokens: 0, output_tokens: 0 },
        },
      }),
    );
    return out;
  }

  private delta(delta: ChatDelta, out: WireEvent[]): void {
    const reasoning = delta.reasoning_content ?? (delta as Record<string, unknown>)['reasoning'];
    if (typeof reasoning === 'string' && reasoning !== '') {
      const index = this.ensureBlock('thinking', out, { type: 'thinking', thinking: '', signature: '' });
      out.push(blockDelta(index, 'thinking_delta', 'thinking', reasoning));
    }
    if (typeof delta.content === 'string' && delta.content !== '') {
      const index = this.ensureBlock('text', out, { type: 'text', text: '' });
      out.push(blockDelta(index, 'text_delta', 'text', delta.content));
    }
    for (const call of delta.tool_calls ?? []) {
      let index = this.toolBlocks.get(call.index);
      if (index === undefined) {
        this.closeBlock(out);
        index = this.nextIndex++;
        this.toolBlocks.set(call.index, index);
        this.open = { kind: 'tool_use', index };
        const block = { type: 'tool_use', id: call.id ?? `toolu_${index}`, name: call.function?.name ?? '', input: {} };
        out.push(event({ type: 'content_block_start', index, content_block: block }));
      }
      const args = call.function?.arguments;
      if (args) {
        out.push(blockDelta(index, 'input_json_delta', 'partial_json', args));
      }
    }
  }

  private ensureBlock(kind: BlockKind, out: WireEvent[], block: Record<string, unknown>): number {
    if (this.open?.kind === kind) return this.open.index;
    this.closeBlock(out);
    const index = this.nextIndex++;
    this.open = { kind, index };
    out.push(event({ type: 'content_block_start', index, content_block: block }));
    return index;
  }

  private closeBlock(out: WireEvent[]): void {
    if (!this.open) return;
    if (this.open.kind === 'thinking') {
      out.push(event({ type: 'content_block_delta', index: this.open.index, delta: { type: 'signature_delta', signature: '' } }));
    }
    out.push(event({ type: 'content_block_stop', index: this.open.index }));
    this.open = undefined;
  }

  private close(): WireEvent[] {
    this.finished = true;
    const out: WireEvent[] = [];
    this.start(out, undefined);
    this.closeBlock(out);
    out.push(
      event({ type: 'message_delta', delta: { stop_reason: this.stopReason ?? 'end_turn', stop_sequence: null }, usage: this.finalUsage() }),
      event({ type: 'message_stop' }),
    );
    return out;
  }

  /** The upstream's usage, or (from a vendor that sends none) the gateway's own count. */
  private finalUsage(): AnthropicUsage {
    if (this.usage) return toAnthropicUsage(this.usage);
    const summary = this.context.request.summary;
    return { input_tokens: summary.promptTokens(), output_tokens: this.tally.count(summary.model).tokens };
  }

  countedCompletion(): CountedCompletion | undefined {
    return this.tally.countedCompletion();
  }
}
