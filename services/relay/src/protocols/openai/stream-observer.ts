import { DONE, type StreamObserver, type StreamSummary, type WireEvent } from '../stream-events';
import type { UpstreamError } from '../upstream-error';
import type { Usage } from '../usage';
import { errorFromBody } from './errors';
import { collectChunkText } from './stream-text';
import { usageOf } from './usage';

/**
 * Watches decoded OpenAI chunks (a translated or re-framed stream; the passthrough path has its
 * own byte-level parser): the first chunk's time, the last usage, an `{"error": …}` chunk, and the
 * completion text for counting locally when no usage comes.
 */
export class OpenAIStreamObserver implements StreamObserver {
  private usage: Usage | undefined;
  private firstTokenAt: number | undefined;
  private events = 0;
  private sawDone = false;
  private error: UpstreamError | undefined;
  private readonly texts: string[] = [];
  private toolCalls = 0;

  constructor(private readonly now: () => number = Date.now) {}

  observe(event: WireEvent): void {
    if (event.data === DONE) {
      this.sawDone = true;
      return;
    }
    if (typeof event.data !== 'object' || event.data === null) return;
    const chunk = event.data as Record<string, unknown>;
    this.events++;
    this.firstTokenAt ??= this.now();
    const usage = usageOf(chunk);
    if (usage) this.usage = usage;
    this.error = errorFromBody(200, chunk) ?? this.error;
    this.toolCalls += collectChunkText(chunk, this.texts);
  }

  summary(): StreamSummary {
    return {
      usage: this.usage,
      usageComplete: this.usage !== undefined,
      firstTokenAt: this.firstTokenAt,
      events: this.events,
      sawDone: this.sawDone,
      error: this.error,
      completionText: this.texts.join(''),
      toolCalls: this.toolCalls,
    };
  }
}
