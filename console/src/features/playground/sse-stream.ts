/**
 * Reading the playground's answer: an OpenAI-style server-sent event stream (spec §7
 * `POST /pg/chat/completions`). Each event's `data` is a JSON chunk whose first choice carries a
 * piece of the reply in `delta.content`; the marker `[DONE]` ends the answer. Pure: it only reads
 * the byte stream it is given.
 */

/** An error the server reported inside the stream (`data: {"error": {...}}`). */
export class StreamPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamPayloadError';
  }
}

/** The end-of-answer marker. */
export const DONE_MARKER = '[DONE]';

interface ChunkPayload {
  choices?: Array<{ delta?: { content?: unknown } }>;
  error?: unknown;
}

/** The message of an OpenAI-style error value (`{message, type, code}` or a bare string). */
export function errorMessageOf(error: unknown): string | null {
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (error && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
    return JSON.stringify(error);
  }
  return null;
}

/**
 * What one event's data means: a text delta (possibly empty), the end marker, or nothing usable.
 * A chunk carrying `error` throws `StreamPayloadError`; data that is not JSON is skipped.
 */
export function interpretEventData(data: string): { text: string } | 'done' | null {
  const trimmed = data.trim();
  if (trimmed === DONE_MARKER) return 'done';
  if (trimmed === '') return null;
  let payload: ChunkPayload;
  try {
    payload = JSON.parse(trimmed) as ChunkPayload;
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  if (payload.error !== undefined && payload.error !== null) {
    throw new StreamPayloadError(errorMessageOf(payload.error) ?? trimmed);
  }
  const content = payload.choices?.[0]?.delta?.content;
  return { text: typeof content === 'string' ? content : '' };
}

/**
 * Splits decoded text into SSE events. Lines may arrive cut anywhere between chunks; an event is
 * complete at a blank line. Only `data:` fields matter here (comments, `event:`, `id:` ignored).
 */
export class SseEventSplitter {
  private buffer = '';
  private dataLines: string[] = [];

  /** Feeds more text; returns the data of every event it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      // A lone '\r' at the very end may be the first half of '\r\n': wait for the next chunk.
      if (this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      const event = this.takeLine(line);
      if (event !== null) events.push(event);
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }

  /** At the end of the stream: the last event even without its closing blank line. */
  finish(): string[] {
    const rest = this.buffer.replace(/\r$/, '');
    this.buffer = '';
    const events: string[] = [];
    if (rest !== '') {
      const event = this.takeLine(rest);
      if (event !== null) events.push(event);
    }
    const last = this.takeLine('');
    if (last !== null) events.push(last);
    return events;
  }

  private takeLine(line: string): string | null {
    if (line === '') {
      if (this.dataLines.length === 0) return null;
      const data = this.dataLines.join('\n');
      this.dataLines = [];
      return data;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return null;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.dataLines.push(value);
    return null;
  }
}

/**
 * Yields the reply's text pieces from an SSE byte stream, in order, skipping empty deltas. Stops
 * at `[DONE]` (releasing the stream) or when the stream ends; an error chunk throws
 * `StreamPayloadError`. Aborting the request makes the underlying read reject, which propagates.
 */
export async function* readSseDeltas(stream: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const splitter = new SseEventSplitter();
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      const events = done ? [...splitter.push(decoder.decode()), ...splitter.finish()] : splitter.push(decoder.decode(value, { stream: true }));
      for (const data of events) {
        const meaning = interpretEventData(data);
        if (meaning === 'done') {
          finished = true;
          break;
        }
        if (meaning && meaning.text !== '') yield meaning.text;
      }
      if (done) finished = true;
    }
  } finally {
    // Stops the download after [DONE] or when the consumer gives up early.
    void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
