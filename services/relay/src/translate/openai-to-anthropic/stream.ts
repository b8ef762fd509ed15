import { anthropicErrorOf } from '../../protocols/anthropic/errors';
import { fromAnthropicUsage } from '../../protocols/anthropic/usage';
import { toOpenAIError } from '../../protocols/openai/errors';
import type { ChatCompletionChunk, ChatDelta } from '../../protocols/openai/wire';
import { DONE, type WireEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import { fieldOf, type Usage } from '../../protocols/usage';
import type { StreamTranslator, TranslationContext } from '../types';
import { finishReasonOf, nowSeconds } from '../vocabulary';
import { completionIdOf, toChatUsage } from './response';

/**
 * Anthropic's stream events as OpenAI chat chunks, built as they arrive: the role with
 * `message_start`, text and thinking deltas as `content` and `reasoning_content`, each tool_use
 * block as a `tool_calls` entry (id and name first, arguments from `input_json_delta`), the stop
 * reason from `message_delta`, usage as a last chunk when the client asked for it, then `[DONE]`.
 * An `error` event becomes an error chunk, which the OpenAI SDKs raise.
 */
export class AnthropicToOpenAIStream implements StreamTranslator {
  private id = '';
  private readonly created = nowSeconds();
  private finished = false;
  private roleSent = false;
  private usage: Usage | undefined;
  private finishReason: string | null = null;
  /** OpenAI tool-call index of each tool_use content block. */
  private readonly toolIndexes = new Map<number, number>();

  constructor(private readonly context: TranslationContext) {}

  push(wire: WireEvent): WireEvent[] {
    if (this.finished || typeof wire.data !== 'object' || wire.data === null) return [];
    const data = wire.data as Record<string, unknown>;
    switch (data['type']) {
      case 'message_start': {
        const message = data['message'];
        this.id = completionIdOf(fieldOf(message, 'id'));
        this.usage = fromAnthropicUsage(fieldOf(message, 'usage')) ?? this.usage;
        return [this.chunk({ role: 'assistant', content: '' })];
      }
      case 'content_block_start': {
        const block = data['content_block'] as Record<string, unknown> | undefined;
        if (block?.['type'] !== 'tool_use') return [];
        const index = this.toolIndexes.size;
        this.toolIndexes.set(Number(data['index']), index);
        const call = { index, id: String(block['id']), type: 'function' as const, function: { name: String(block['name']), arguments: '' } };
        return [this.chunk({ tool_calls: [call] })];
      }
      case 'content_block_delta':
        return this.delta(Number(data['index']), data['delta'] as Record<string, unknown> | undefined);
      case 'message_delta':
        this.finishReason = finishReasonOf(fieldOf(data['delta'], 'stop_reason') as string | null);
        this.usage = fromAnthropicUsage(data['usage'], this.usage) ?? this.usage;
        return [this.chunk({}, this.finishReason)];
      case 'message_stop':
        return this.close();
      case 'error': {
        this.finished = true;
        const error = anthropicErrorOf(200, data);
        return error ? [{ data: toOpenAIError(error).body }] : [];
      }
      default:
        return [];
    }
  }

  end(interrupted: boolean): WireEvent[] {
    if (this.finished) return [];
    if (!interrupted) return this.close();
    this.finished = true;
    return [{ data: toOpenAIError(upstreamInterruptedError()).body }];
  }

  private delta(blockIndex: number, delta: Record<string, unknown> | undefined): WireEvent[] {
    switch (delta?.['type']) {
      case 'text_delta':
        return [this.chunk({ content: String(delta['text'] ?? '') })];
      case 'thinking_delta':
        return [this.chunk({ reasoning_content: String(delta['thinking'] ?? '') })];
      case 'input_json_delta': {
        const index = this.toolIndexes.get(blockIndex);
        if (index === undefined) return [];
        return [this.chunk({ tool_calls: [{ index, function: { arguments: String(delta['partial_json'] ?? '') } }] })];
      }
      default:
        return [];
    }
  }

  private close(): WireEvent[] {
    this.finished = true;
    const out: WireEvent[] = [];
    const options = (this.context.request.payload as { stream_options?: { include_usage?: boolean | null } | null }).stream_options;
    if (options?.include_usage === true && this.usage) {
      out.push({ data: { ...this.base(), choices: [], usage: toChatUsage(this.usage) } });
    }
    out.push({ data: DONE });
    return out;
  }

  private base(): Omit<ChatCompletionChunk, 'choices'> {
    return { id: this.id || completionIdOf(undefined), object: 'chat.completion.chunk', created: this.created, model: this.context.request.summary.model };
  }

  private chunk(delta: ChatDelta, finishReason: string | null = null): WireEvent {
    if (!this.roleSent && delta.role === undefined) delta = { role: 'assistant', ...delta };
    this.roleSent = true;
    const chunk: ChatCompletionChunk = { ...this.base(), choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] };
    return { data: chunk };
  }
}
