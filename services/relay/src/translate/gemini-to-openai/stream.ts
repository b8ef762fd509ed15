import type { CountedCompletion } from '../../metering';
import type { Part } from '../../protocols/gemini/wire';
import { errorFromBody } from '../../protocols/openai/errors';
import { usageOf } from '../../protocols/openai/usage';
import type { ChatCompletionChunk, ChatDelta } from '../../protocols/openai/wire';
import { DONE, type WireEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import type { Usage } from '../../protocols/usage';
import { CompletionTally } from '../completion-tally';
import { callPart, GeminiChunks, responseIdOf, textPart, wantsThoughts } from '../gemini-client/answer';
import type { StreamTranslator, TranslationContext } from '../types';
import { answerArguments, geminiFinishReasonOf } from '../vocabulary';

interface OpenCall {
  readonly id: string | undefined;
  name: string;
  args: string;
}

/**
 * OpenAI chat chunks as Gemini stream chunks, as they arrive: reasoning deltas as thought parts
 * (when the client asked for thoughts), content and refusal deltas as text parts, each tool call as one whole
 * `functionCall` part once its arguments are complete (the next call starts, or the answer ends:
 * Gemini sends whole calls), and a last chunk with the finish reason and the usage, which OpenAI
 * reports after its finish reason. An error chunk becomes Gemini's error object, as does a stream
 * cut short.
 */
export class OpenAIToGeminiStream implements StreamTranslator {
  private readonly chunks: GeminiChunks;
  private readonly tally = new CompletionTally();
  private readonly thoughts: boolean;
  private readonly calls = new Map<number, OpenCall>();
  /** Indexes of the calls already sent. */
  private readonly sent = new Set<number>();
  private finishReason: string | undefined;
  private usage: Usage | undefined;
  private finished = false;

  constructor(context: TranslationContext) {
    this.chunks = new GeminiChunks(context, this.tally);
    this.thoughts = wantsThoughts(context);
  }

  push(wire: WireEvent): WireEvent[] {
    if (this.finished) return [];
    if (wire.data === DONE) return this.close();
    if (typeof wire.data !== 'object' || wire.data === null) return [];
    const chunk = wire.data as Partial<ChatCompletionChunk> & Record<string, unknown>;
    const error = errorFromBody(200, chunk);
    if (error) {
      this.finished = true;
      return [this.chunks.error(error)];
    }
    if (this.chunks.id === '') this.chunks.id = responseIdOf(chunk.id);
    this.usage = usageOf(chunk) ?? this.usage;
    this.tally.addOpenAIChunk(chunk);
    const choice = Array.isArray(chunk.choices) ? chunk.choices.find((c) => (c.index ?? 0) === 0) : undefined;
    if (!choice) return [];
    const parts = this.partsOf(choice.delta ?? {});
    if (choice.finish_reason) this.finishReason = geminiFinishReasonOf(choice.finish_reason);
    return parts.length > 0 ? [this.chunks.parts(parts)] : [];
  }

  end(interrupted: boolean): WireEvent[] {
    if (this.finished) return [];
    if (!interrupted) return this.close();
    this.finished = true;
    return [this.chunks.error(upstreamInterruptedError())];
  }

  countedCompletion(): CountedCompletion | undefined {
    return this.chunks.countedCompletion();
  }

  private partsOf(delta: ChatDelta): Part[] {
    const parts: Part[] = [];
    const reasoning = delta.reasoning_content ?? (delta as Record<string, unknown>)['reasoning'];
    if (this.thoughts && typeof reasoning === 'string' && reasoning !== '') parts.push(textPart(reasoning, true));
    if (typeof delta.content === 'string' && delta.content !== '') parts.push(textPart(delta.content));
    const refusal = (delta as Record<string, unknown>)['refusal'];
    if (typeof refusal === 'string' && refusal !== '') parts.push(textPart(refusal));
    for (const call of delta.tool_calls ?? []) {
      if (this.sent.has(call.index)) continue;
      let open = this.calls.get(call.index);
      if (!open) {
        // OpenAI streams calls one after another: a new one means the earlier ones are complete.
        parts.push(...this.completedCalls());
        open = { id: call.id, name: '', args: '' };
        this.calls.set(call.index, open);
      }
      if (call.function?.name) open.name += call.function.name;
      if (call.function?.arguments) open.args += call.function.arguments;
    }
    return parts;
  }

  /** The calls received so far, as whole function-call parts (each sent once). */
  private completedCalls(): Part[] {
    const parts = [...this.calls.values()].map((call) => callPart(call.id, call.name, answerArguments(call.args)));
    for (const index of this.calls.keys()) this.sent.add(index);
    this.calls.clear();
    return parts;
  }

  private close(): WireEvent[] {
    this.finished = true;
    return [this.chunks.last(this.completedCalls(), this.finishReason ?? 'STOP', this.usage)];
  }
}
