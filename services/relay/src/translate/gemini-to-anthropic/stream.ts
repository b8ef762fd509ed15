import type { CountedCompletion } from '../../metering';
import { anthropicErrorOf } from '../../protocols/anthropic/errors';
import { fromAnthropicUsage } from '../../protocols/anthropic/usage';
import type { WireEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import { fieldOf, type Usage } from '../../protocols/usage';
import { CompletionTally } from '../completion-tally';
import { callPart, GeminiChunks, responseIdOf, textPart, wantsThoughts } from '../gemini-client/answer';
import type { StreamTranslator, TranslationContext } from '../types';
import { answerArguments } from '../vocabulary';
import { finishReasonOfClaude } from './response';
import { packThinking, type ThinkingBlock } from './signed-thinking';

type OpenBlock =
  | { readonly kind: 'tool_use'; readonly id: string; readonly name: string; input: string }
  | { readonly kind: 'thinking'; thinking: string; signature: string }
  | { readonly kind: 'redacted_thinking'; readonly data: string }
  | { readonly kind: 'other' };

/**
 * Anthropic's stream events as Gemini stream chunks, as they arrive: text deltas as text parts,
 * thinking deltas as thought parts (when the client asked for thoughts), each tool_use block as
 * one whole `functionCall` part when the block ends (Gemini sends whole calls; the thinking before
 * it carried as its signature), and a last chunk with the finish reason and the usage
 * at `message_stop`. An `error` event becomes Gemini's error object, as does a stream cut short.
 */
export class AnthropicToGeminiStream implements StreamTranslator {
  private readonly chunks: GeminiChunks;
  private readonly tally = new CompletionTally();
  private readonly thoughts: boolean;
  private readonly blocks = new Map<number, OpenBlock>();
  /** Thinking blocks finished since the last call, for the next call to carry. */
  private thinking: ThinkingBlock[] = [];
  private finishReason: string | undefined;
  private usage: Usage | undefined;
  private finished = false;

  constructor(context: TranslationContext) {
    this.chunks = new GeminiChunks(context, this.tally);
    this.thoughts = wantsThoughts(context);
  }

  push(wire: WireEvent): WireEvent[] {
    if (this.finished || typeof wire.data !== 'object' || wire.data === null) return [];
    const data = wire.data as Record<string, unknown>;
    switch (data['type']) {
      case 'message_start': {
        const message = data['message'];
        this.chunks.id = responseIdOf(fieldOf(message, 'id'));
        this.usage = fromAnthropicUsage(fieldOf(message, 'usage')) ?? this.usage;
        return [];
      }
      case 'content_block_start':
        this.blocks.set(Number(data['index']), this.opened(data['content_block'] as Record<string, unknown> | undefined));
        return [];
      case 'content_block_delta':
        return this.delta(Number(data['index']), data['delta'] as Record<string, unknown> | undefined);
      case 'content_block_stop':
        return this.stopped(Number(data['index']));
      case 'message_delta':
        this.finishReason = finishReasonOfClaude(fieldOf(data['delta'], 'stop_reason') as string | null);
        this.usage = fromAnthropicUsage(data['usage'], this.usage) ?? this.usage;
        return [];
      case 'message_stop':
        return this.close();
      case 'error': {
        this.finished = true;
        const error = anthropicErrorOf(200, data);
        return [this.chunks.error(error ?? upstreamInterruptedError())];
      }
      default:
        return [];
    }
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

  private opened(block: Record<string, unknown> | undefined): OpenBlock {
    if (block?.['type'] === 'tool_use') return { kind: 'tool_use', id: String(block['id'] ?? ''), name: String(block['name'] ?? ''), input: '' };
    if (block?.['type'] === 'thinking') return { kind: 'thinking', thinking: String(block['thinking'] ?? ''), signature: String(block['signature'] ?? '') };
    if (block?.['type'] === 'redacted_thinking') return { kind: 'redacted_thinking', data: String(block['data'] ?? '') };
    return { kind: 'other' };
  }

  private delta(index: number, delta: Record<string, unknown> | undefined): WireEvent[] {
    const block = this.blocks.get(index);
    switch (delta?.['type']) {
      case 'text_delta': {
        const text = String(delta['text'] ?? '');
        this.tally.addText(text);
        return text === '' ? [] : [this.chunks.parts([textPart(text)])];
      }
      case 'thinking_delta': {
        const thinking = String(delta['thinking'] ?? '');
        this.tally.addText(thinking);
        if (block?.kind === 'thinking') block.thinking += thinking;
        return this.thoughts && thinking !== '' ? [this.chunks.parts([textPart(thinking, true)])] : [];
      }
      case 'signature_delta':
        if (block?.kind === 'thinking') block.signature += String(delta['signature'] ?? '');
        return [];
      case 'input_json_delta':
        if (block?.kind === 'tool_use') block.input += String(delta['partial_json'] ?? '');
        return [];
      default:
        return [];
    }
  }

  private stopped(index: number): WireEvent[] {
    const block = this.blocks.get(index);
    this.blocks.delete(index);
    if (block?.kind === 'thinking') this.thinking.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
    if (block?.kind === 'redacted_thinking') this.thinking.push({ type: 'redacted_thinking', data: block.data });
    if (block?.kind !== 'tool_use') return [];
    this.tally.addCall(block.name, block.input);
    const signature = this.thinking.length > 0 ? packThinking(this.thinking) : undefined;
    this.thinking = [];
    return [this.chunks.parts([callPart(block.id, block.name, answerArguments(block.input), signature)])];
  }

  private close(): WireEvent[] {
    this.finished = true;
    return [this.chunks.last([], this.finishReason ?? 'STOP', this.usage)];
  }
}
