import type { AppError } from '@modelgate/runtime';
import { codecFor } from '../../protocols/codecs';
import { toAnthropicUsage } from '../../protocols/anthropic/usage';
import type { AnthropicUsage, StreamEvent } from '../../protocols/anthropic/wire';
import { blockedPromptError, geminiErrorOf } from '../../protocols/gemini/errors';
import { fromGeminiUsage } from '../../protocols/gemini/usage';
import type { Part } from '../../protocols/gemini/wire';
import type { WireEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import { fieldOf, type Usage } from '../../protocols/usage';
import { messageIdOf } from '../anthropic-to-openai/response';
import { candidatesOf, partsOf, responseIdOf, stopReasonOfGemini, textOf } from '../from-gemini';
import type { StreamTranslator, TranslationContext } from '../types';
import { newId } from '../vocabulary';

const event = (data: StreamEvent): WireEvent => ({ name: data.type, data });

/**
 * Gemini's streamed chunks as Anthropic's stream, built as they arrive: `message_start` with the
 * first chunk (its prompt tokens as input), a content block per run of thought parts (thinking,
 * the thought signature as its `signature_delta`) or text, a tool_use block per function call
 * (started with a fresh `toolu_` id and its name, the arguments as one `input_json_delta`), then
 * at the end `message_delta` with the stop reason and the final usage, and `message_stop`. An
 * error object, a blocked prompt or a cut stream ends it with an `error` event.
 */
export class GeminiToAnthropicStream implements StreamTranslator {
  private started = false;
  private finished = false;
  private nextIndex = 0;
  private open: { kind: 'text' | 'thinking'; index: number; signature: string } | undefined;
  private called = false;
  private finishReason: string | undefined;
  private usage: Usage | undefined;

  constructor(private readonly context: TranslationContext) {}

  push(wire: WireEvent): WireEvent[] {
    if (this.finished || typeof wire.data !== 'object' || wire.data === null) return [];
    const chunk = wire.data;
    const error = geminiErrorOf(200, chunk) ?? blockedPromptError(chunk);
    if (error) return this.fail(error);
    this.usage = fromGeminiUsage(fieldOf(chunk, 'usageMetadata')) ?? this.usage;
    const out: WireEvent[] = [];
    this.start(out, responseIdOf(chunk));
    // One answer for an Anthropic client: the first candidate.
    const candidate = candidatesOf(chunk).find((c, position) => (c.index ?? position) === 0);
    if (candidate) {
      for (const part of partsOf(candidate)) this.part(part, out);
      if (typeof candidate.finishReason === 'string' && candidate.finishReason !== '') this.finishReason = candidate.finishReason;
    }
    return out;
  }

  end(interrupted: boolean): WireEvent[] {
    if (this.finished) return [];
    if (interrupted) return this.fail(upstreamInterruptedError());
    this.finished = true;
    const out: WireEvent[] = [];
    this.start(out, undefined);
    this.closeBlock(out);
    out.push(
      event({ type: 'message_delta', delta: { stop_reason: stopReasonOfGemini(this.finishReason, this.called), stop_sequence: null }, usage: this.finalUsage() }),
      event({ type: 'message_stop' }),
    );
    return out;
  }

  private fail(error: AppError): WireEvent[] {
    this.finished = true;
    const out: WireEvent[] = [];
    this.start(out, undefined);
    out.push(codecFor('anthropic').streamError(error));
    return out;
  }

  private start(out: WireEvent[], id: string | undefined): void {
    if (this.started) return;
    this.started = true;
    const usage = this.usage ? { ...toAnthropicUsage(this.usage), output_tokens: 0 } : { input_tokens: 0, output_tokens: 0 };
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
          usage,
        },
      }),
    );
  }

  private part(part: Part, out: WireEvent[]): void {
    const text = textOf(part);
    if (text !== undefined) {
      const kind = part.thought === true ? 'thinking' : 'text';
      if (text === '' && kind === 'text') return;
      const index = this.ensureBlock(kind, out);
      if (part.thoughtSignature && this.open) this.open.signature = part.thoughtSignature;
      if (text !== '') {
        const delta = kind === 'thinking' ? { type: 'thinking_delta' as const, thinking: text } : { type: 'text_delta' as const, text };
        out.push(event({ type: 'content_block_delta', index, delta }));
      }
      return;
    }
    if (!part.functionCall) return;
    this.closeBlock(out);
    this.called = true;
    const index = this.nextIndex++;
    const { name, args } = part.functionCall;
    out.push(
      event({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: newId('toolu_'), name, input: {} } }),
      event({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(args ?? {}) } }),
      event({ type: 'content_block_stop', index }),
    );
  }

  private ensureBlock(kind: 'text' | 'thinking', out: WireEvent[]): number {
    if (this.open?.kind === kind) return this.open.index;
    this.closeBlock(out);
    const index = this.nextIndex++;
    this.open = { kind, index, signature: '' };
    const block = kind === 'thinking' ? { type: 'thinking' as const, thinking: '', signature: '' } : { type: 'text' as const, text: '' };
    out.push(event({ type: 'content_block_start', index, content_block: block }));
    return index;
  }

  private closeBlock(out: WireEvent[]): void {
    if (!this.open) return;
    const { kind, index, signature } = this.open;
    if (kind === 'thinking') out.push(event({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature } }));
    out.push(event({ type: 'content_block_stop', index }));
    this.open = undefined;
  }

  private finalUsage(): Partial<AnthropicUsage> {
    return this.usage ? toAnthropicUsage(this.usage) : { output_tokens: 0 };
  }
}
