import type { StreamObserver, StreamSummary, WireEvent } from '../stream-events';
import { UpstreamError } from '../upstream-error';
import { fieldOf, type Usage } from '../usage';
import { toUsage } from '../openai/usage';
import { RESPONSE_TERMINAL_EVENTS } from './wire';

const TERMINAL: ReadonlySet<unknown> = new Set(RESPONSE_TERMINAL_EVENTS);

/** The deltas whose text the model produced (kept for counting locally when a stream is cut). */
const TEXT_DELTAS: ReadonlySet<unknown> = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.function_call_arguments.delta',
  'response.reasoning_summary_text.delta',
  'response.reasoning_text.delta',
]);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The upstream error an `error` event tells. */
function streamErrorOf(data: unknown): UpstreamError {
  return new UpstreamError({
    kind: 'upstream',
    status: 500,
    message: text(fieldOf(data, 'message')) ?? 'upstream error',
    errorType: 'upstream_error',
    errorCode: text(fieldOf(data, 'code')) ?? null,
    param: text(fieldOf(data, 'param')) ?? null,
  });
}

/**
 * Watches the events of a Responses stream: the response's id (`response.created`), its usage on
 * the event that ends it (`response.completed`, `.incomplete` or `.failed`: input with its cached
 * tokens, output with its reasoning tokens), the first event's time, an `error` event, and the
 * text, reasoning and function arguments produced, for counting locally when the stream is cut
 * before its usage.
 */
export class ResponsesStreamObserver implements StreamObserver {
  private usage: Usage | undefined;
  private responseId: string | undefined;
  private firstTokenAt: number | undefined;
  private events = 0;
  private ended = false;
  private error: UpstreamError | undefined;
  private readonly texts: string[] = [];
  private toolCalls = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Told the response's id once, when an event first names it. */
    private readonly onResponseId?: (responseId: string) => void,
  ) {}

  observe(event: WireEvent): void {
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    this.events++;
    this.firstTokenAt ??= this.now();
    const type = fieldOf(data, 'type');
    if (type === 'error') {
      this.error = streamErrorOf(data);
      return;
    }
    const response = fieldOf(data, 'response');
    if (response !== undefined && this.responseId === undefined) {
      this.responseId = text(fieldOf(response, 'id'));
      if (this.responseId !== undefined) this.onResponseId?.(this.responseId);
    }
    if (TERMINAL.has(type)) {
      this.usage = toUsage(fieldOf(response, 'usage')) ?? this.usage;
      this.ended = true;
      return;
    }
    if (TEXT_DELTAS.has(type)) {
      const delta = text(fieldOf(data, 'delta'));
      if (delta !== undefined) this.texts.push(delta);
      return;
    }
    if (type === 'response.output_item.added') {
      const item = fieldOf(data, 'item');
      if (fieldOf(item, 'type') === 'function_call') {
        this.toolCalls++;
        const name = text(fieldOf(item, 'name'));
        if (name !== undefined) this.texts.push(name);
      }
    }
  }

  summary(): StreamSummary {
    return {
      usage: this.usage,
      usageComplete: this.usage !== undefined,
      firstTokenAt: this.firstTokenAt,
      events: this.events,
      sawDone: this.ended,
      error: this.error,
      completionText: this.texts.join(''),
      toolCalls: this.toolCalls,
      ...(this.responseId === undefined ? {} : { responseId: this.responseId }),
    };
  }
}
