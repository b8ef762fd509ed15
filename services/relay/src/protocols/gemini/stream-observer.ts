import type { StreamObserver, StreamSummary, WireEvent } from '../stream-events';
import type { UpstreamError } from '../upstream-error';
import { fieldOf, type Usage } from '../usage';
import { blockedPromptError, geminiErrorOf } from './errors';
import { fromGeminiUsage } from './usage';

/**
 * Watches the chunks of a streamed Gemini answer (each one a whole `GenerateContentResponse`): the
 * usage the chunks report (cumulative, the last one complete), the first chunk's time, the end of
 * the answer (a candidate's `finishReason`), an error object sent mid-stream or a blocked prompt, and the text,
 * thoughts and function calls produced, for counting locally when the stream is cut.
 */
export class GeminiStreamObserver implements StreamObserver {
  private usage: Usage | undefined;
  private finished = false;
  private firstTokenAt: number | undefined;
  private events = 0;
  private error: UpstreamError | undefined;
  private readonly texts: string[] = [];
  private toolCalls = 0;

  constructor(private readonly now: () => number = Date.now) {}

  observe(event: WireEvent): void {
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    this.events++;
    this.firstTokenAt ??= this.now();
    // A prompt refused outright is an error too: nothing was answered, so nothing is charged.
    const error = geminiErrorOf(200, data) ?? blockedPromptError(data);
    if (error) {
      this.error = error;
      return;
    }
    this.usage = fromGeminiUsage(fieldOf(data, 'usageMetadata')) ?? this.usage;
    const candidates = fieldOf(data, 'candidates');
    if (!Array.isArray(candidates)) return;
    for (const candidate of candidates) {
      if (typeof fieldOf(candidate, 'finishReason') === 'string') this.finished = true;
      const parts = fieldOf(fieldOf(candidate, 'content'), 'parts');
      if (!Array.isArray(parts)) continue;
      for (const part of parts) this.collect(part);
    }
  }

  private collect(part: unknown): void {
    const text = fieldOf(part, 'text');
    if (typeof text === 'string' && text !== '') this.texts.push(text);
    const call = fieldOf(part, 'functionCall');
    if (typeof call === 'object' && call !== null) {
      this.toolCalls++;
      const name = fieldOf(call, 'name');
      if (typeof name === 'string') this.texts.push(name);
      const args = fieldOf(call, 'args');
      if (args !== undefined) this.texts.push(JSON.stringify(args));
    }
  }

  summary(): StreamSummary {
    return {
      usage: this.usage,
      usageComplete: this.usage !== undefined && this.finished,
      firstTokenAt: this.firstTokenAt,
      events: this.events,
      sawDone: this.finished,
      error: this.error,
      completionText: this.texts.join(''),
      toolCalls: this.toolCalls,
    };
  }
}
