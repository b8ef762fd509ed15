import { codecFor } from '../../protocols/codecs';
import { blockedPromptError, geminiErrorOf } from '../../protocols/gemini/errors';
import { fromGeminiUsage } from '../../protocols/gemini/usage';
import type { Candidate } from '../../protocols/gemini/wire';
import type { ChatCompletionChunk, ChatDelta } from '../../protocols/openai/wire';
import { DONE, type WireEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import { fieldOf, type Usage } from '../../protocols/usage';
import { candidatesOf, finishReasonOfGemini, generatedImageOf, partsOf, responseIdOf, textOf } from '../from-gemini';
import { completionIdOf, toChatUsage } from '../openai-to-anthropic/response';
import type { StreamTranslator, TranslationContext } from '../types';
import { nowSeconds } from '../vocabulary';
import { toolCallOf } from './response';

/** What the stream has said so far for one choice. */
interface ChoiceState {
  roleSent: boolean;
  toolCalls: number;
}

/**
 * Gemini's streamed chunks (each a whole `GenerateContentResponse`) as OpenAI chat chunks, built as
 * they arrive: the role first, thought parts as `reasoning_content`, text as `content`, generated
 * images as `images` (data URLs), each
 * function call as a whole `tool_calls` entry (index, id, name and arguments), a chunk with the
 * `finish_reason` when a candidate finishes, the usage as a last chunk when the client asked for
 * it, then `[DONE]`. An error object, a blocked prompt or a cut stream ends it with an error chunk,
 * which the OpenAI SDKs raise.
 */
export class GeminiToOpenAIStream implements StreamTranslator {
  private id = '';
  private readonly created = nowSeconds();
  private finished = false;
  private usage: Usage | undefined;
  private readonly choices = new Map<number, ChoiceState>();

  constructor(private readonly context: TranslationContext) {}

  push(wire: WireEvent): WireEvent[] {
    if (this.finished || typeof wire.data !== 'object' || wire.data === null) return [];
    const chunk = wire.data;
    const error = geminiErrorOf(200, chunk) ?? blockedPromptError(chunk);
    if (error) {
      this.finished = true;
      return [codecFor('openai').streamError(error)];
    }
    this.id ||= completionIdOf(responseIdOf(chunk));
    this.usage = fromGeminiUsage(fieldOf(chunk, 'usageMetadata')) ?? this.usage;
    const out: WireEvent[] = [];
    candidatesOf(chunk).forEach((candidate, position) => this.candidate(candidate, position, out));
    return out;
  }

  end(interrupted: boolean): WireEvent[] {
    if (this.finished) return [];
    this.finished = true;
    if (interrupted) return [codecFor('openai').streamError(upstreamInterruptedError())];
    const out: WireEvent[] = [];
    const options = (this.context.request.payload as { stream_options?: { include_usage?: boolean | null } | null }).stream_options;
    if (options?.include_usage === true && this.usage) {
      out.push({ data: { ...this.base(), choices: [], usage: toChatUsage(this.usage) } });
    }
    out.push({ data: DONE });
    return out;
  }

  private candidate(candidate: Candidate, position: number, out: WireEvent[]): void {
    const index = typeof candidate.index === 'number' ? candidate.index : position;
    let state = this.choices.get(index);
    if (!state) this.choices.set(index, (state = { roleSent: false, toolCalls: 0 }));
    for (const part of partsOf(candidate)) {
      const text = textOf(part);
      if (text !== undefined) {
        if (text !== '') out.push(this.chunk(state, index, part.thought === true ? { reasoning_content: text } : { content: text }));
      } else if (part.functionCall) {
        const call = { index: state.toolCalls++, ...toolCallOf(part.functionCall) };
        out.push(this.chunk(state, index, { tool_calls: [call] }));
      } else {
        const image = generatedImageOf(part);
        if (image) out.push(this.chunk(state, index, { images: [image] }));
      }
    }
    const finish = finishReasonOfGemini(candidate.finishReason, state.toolCalls > 0);
    if (finish !== null) out.push(this.chunk(state, index, {}, finish));
  }

  private base(): Omit<ChatCompletionChunk, 'choices'> {
    this.id ||= completionIdOf(undefined);
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.context.request.summary.model };
  }

  private chunk(state: ChoiceState, index: number, delta: ChatDelta, finishReason: string | null = null): WireEvent {
    if (!state.roleSent) delta = { role: 'assistant', ...(delta.content === undefined && delta.tool_calls === undefined ? { content: '' } : {}), ...delta };
    state.roleSent = true;
    const chunk: ChatCompletionChunk = { ...this.base(), choices: [{ index, delta, finish_reason: finishReason, logprobs: null }] };
    return { data: chunk };
  }
}
