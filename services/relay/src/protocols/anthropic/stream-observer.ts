import type { StreamObserver, StreamSummary, WireEvent } from '../stream-events';
import type { UpstreamError } from '../upstream-error';
import { fieldOf, type Usage } from '../usage';
import { anthropicErrorOf } from './errors';
import { fromAnthropicUsage } from './usage';

/**
 * Watches Anthropic stream events: usage as `message_start` reports it (input and cache) and as
 * `message_delta` completes it (output), the first event's time, an `error` event, and the text,
 * thinking and tool input produced, for counting locally when the stream is cut before its usage.
 */
export class AnthropicStreamObserver implements StreamObserver {
  private usage: Usage | undefined;
  private usageComplete = false;
  private firstTokenAt: number | undefined;
  private events = 0;
  private sawStop = false;
  private error: UpstreamError | undefined;
  private readonly texts: string[] = [];
  private toolCalls = 0;

  constructor(private readonly now: () => number = Date.now) {}

  observe(event: WireEvent): void {
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    this.events++;
    this.firstTokenAt ??= this.now();
    switch (fieldOf(data, 'type')) {
      case 'message_start':
        this.usage = fromAnthropicUsage(fieldOf(fieldOf(data, 'message'), 'usage')) ?? this.usage;
        return;
      case 'content_block_start': {
        const block = fieldOf(data, 'content_block');
        if (fieldOf(block, 'type') === 'tool_use') {
          this.toolCalls++;
          this.collect(fieldOf(block, 'name'));
        }
        return;
      }
      case 'content_block_delta': {
        const delta = fieldOf(data, 'delta');
        this.collect(fieldOf(delta, 'text') ?? fieldOf(delta, 'thinking') ?? fieldOf(delta, 'partial_json'));
        return;
      }
      case 'message_delta':
        this.usage = fromAnthropicUsage(fieldOf(data, 'usage'), this.usage) ?? this.usage;
        this.usageComplete = this.usage !== undefined;
        return;
      case 'message_stop':
        this.sawStop = true;
        return;
      case 'error':
        this.error = anthropicErrorOf(200, data) ?? this.error;
        return;
    }
  }

  private collect(text: unknown): void {
    if (typeof text === 'string' && text !== '') this.texts.push(text);
  }

  summary(): StreamSummary {
    return {
      usage: this.usage,
      usageComplete: this.usageComplete,
      firstTokenAt: this.firstTokenAt,
      events: this.events,
      sawDone: this.sawStop,
      error: this.error,
      completionText: this.texts.join(''),
      toolCalls: this.toolCalls,
    };
  }
}
