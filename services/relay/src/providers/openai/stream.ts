import { errorFromBody, toOpenAIError } from '../../protocols/openai/errors';
import { collectChunkText } from '../../protocols/openai/stream-text';
import { hasObjectValue, usageOf } from '../../protocols/openai/usage';
import { DONE, encodeDataEvent } from '../../protocols/stream-events';
import { type UpstreamError, upstreamInterruptedError } from '../../protocols/upstream-error';
import type { Usage } from '../../protocols/usage';
import type { ClosingUsageCounter, StreamEnd, StreamParser, StreamParserOptions, StreamSummary } from '../types';
import { usageChunkEvent } from './usage-chunk';

/**
 * What a client reads when the upstream's stream stops before `[DONE]`: the end of whatever
 * event was cut, then a chunk carrying OpenAI's error object (the SDKs raise an APIError for it).
 */
const INTERRUPTED = Buffer.from(`\n\n${encodeDataEvent({ data: toOpenAIError(upstreamInterruptedError()).body })}`);
const DONE_EVENT = Buffer.from(encodeDataEvent({ data: DONE }));

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const OPEN_BRACKET = 0x5b;
const EMPTY = Buffer.alloc(0);
const DATA_PREFIX = Buffer.from('data:');
/** Longer lines are forwarded but not inspected (the reference's scanner stops at 10 MB). */
const MAX_LINE_BYTES = 10 * 1024 * 1024;
/** While suppressing, an event held longer than this is released (and can no longer be dropped). */
const MAX_HELD_BYTES = 1024 * 1024;

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** True when the bytes `start..end` of `buf` begin with `data:`. */
function startsWithData(buf: Buffer, start: number, end: number): boolean {
  if (end - start < DATA_PREFIX.length) return false;
  for (let i = 0; i < DATA_PREFIX.length; i++) if (buf[start + i] !== DATA_PREFIX[i]) return false;
  return true;
}

/** A chunk whose only news is usage: the one `include_usage` adds, suppressed when not asked for. */
function isUsageOnly(chunk: Record<string, unknown>): boolean {
  const usage = chunk['usage'];
  const choices = chunk['choices'];
  const noChoices = choices === undefined || (Array.isArray(choices) && choices.length === 0);
  return typeof usage === 'object' && usage !== null && noChoices;
}

/** The `[DONE]` that ends an OpenAI stream (with any trailing spaces). */
function isDone(text: string): boolean {
  return text.charCodeAt(0) === OPEN_BRACKET && text.trimEnd() === '[DONE]';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return value as Record<string, unknown>;
}

/**
 * The OpenAI-schema stream parser. Splits the upstream bytes into SSE lines wherever the chunk
 * boundaries fall (LF, CRLF or CR endings, a CRLF split across chunks, a multi-byte character
 * split across chunks: lines are decoded only once complete) and inspects each `data:` line:
 * the first one sets the first-token time, one carrying a `usage` or `error` object (found by a
 * byte search, so ordinary chunks are not parsed) is parsed for it. With `collectText` every line
 * is parsed for its text, and its usage and error are read from that one parse. One JSON document
 * per data line, as every OpenAI-compatible upstream sends.
 *
 * Bytes go out untouched and at once (`push` returns its own argument), except when suppressing
 * the usage-only chunk or writing a closing usage: then each event is released when its blank line
 * arrives, so only the part of an event cut by a chunk boundary waits for the rest of it.
 *
 * With `closingUsage` (the client asked for usage the channel could not be asked for) the `[DONE]`
 * is held back; at the end, a stream that carried no usage gets a usage chunk of the gateway's own
 * count, then the `[DONE]`. The count's text tokens go to the summary, so billing charges exactly
 * what the client was told.
 */
class OpenAIStreamParser implements StreamParser {
  private readonly now: () => number;
  /** Events are held until judged (dropped or released): to suppress one, or to hold `[DONE]`. */
  private readonly suppress: boolean;
  private readonly dropUsageOnly: boolean;
  private readonly closingUsage: ClosingUsageCounter | undefined;
  private readonly collect: boolean;

  private carried: Buffer[] = [];
  private carriedBytes = 0;
  private lineTooLong = false;
  private tooLongLineIsData = false;
  private pendingCR = false;

  private held: Buffer[] = [];
  /** How many of `held` are already our own copies (the rest are views of the current chunk). */
  private heldOwned = 0;
  private heldBytes = 0;
  private eventReleased = false;
  private dropEvent = false;
  private droppedInPush = false;
  private out: Buffer[] = [];

  private usage: Usage | undefined;
  private firstTokenAt: number | undefined;
  private events = 0;
  private sawDone = false;
  private error: UpstreamError | undefined;
  private readonly texts: string[] = [];
  private toolCalls = 0;
  /** The last chunk read, when a closing usage chunk may have to be named like it. */
  private lastChunk: Record<string, unknown> | undefined;
  private textTokens: number | undefined;

  constructor(options: StreamParserOptions) {
    this.now = options.now ?? Date.now;
    this.dropUsageOnly = options.suppressUsageOnlyChunk === true;
    this.closingUsage = options.closingUsage;
    this.suppress = this.dropUsageOnly || this.closingUsage !== undefined;
    this.collect = options.collectText === true || this.closingUsage !== undefined;
  }

  push(chunk: Uint8Array): Uint8Array {
    const buf = asBuffer(chunk);
    if (!this.suppress) {
      if (buf.length > 0) this.scan(buf);
      return buf;
    }
    const heldBefore = this.held.length > 0;
    this.droppedInPush = false;
    if (buf.length > 0) this.scan(buf);
    let result: Buffer | undefined;
    if (!heldBefore && !this.droppedInPush) {
      // Every byte went out in order except the held tail (all from this chunk): no copy needed.
      this.out = [];
      result = this.heldBytes === 0 ? buf : buf.subarray(0, buf.length - this.heldBytes);
    }
    if (this.held.length > this.heldOwned) {
      // Copy what is still a view of `chunk`: the caller may reuse its buffer.
      const fresh = Buffer.concat(this.held.slice(this.heldOwned));
      this.held.length = this.heldOwned;
      this.held.push(fresh);
      this.heldOwned = this.held.length;
    }
    return result ?? this.takeOutput();
  }

  deliveredChars(): number {
    let chars = 0;
    for (const text of this.texts) chars += text.length;
    return chars;
  }

  finish(end: StreamEnd = {}): { rest: Uint8Array; summary: StreamSummary } {
    if (this.pendingCR || this.carriedBytes > 0 || this.lineTooLong) {
      this.carriedLineDone(EMPTY, this.pendingCR);
      this.pendingCR = false;
    }
    this.endEvent();
    const closing = this.closingUsage ? this.closingEvents(end) : undefined;
    const summary: StreamSummary = {
      usage: this.usage,
      usageComplete: this.usage !== undefined,
      firstTokenAt: this.firstTokenAt,
      events: this.events,
      sawDone: this.sawDone,
      error: this.error,
      completionText: this.texts.join(''),
      ...(this.textTokens !== undefined ? { completionTextTokens: this.textTokens } : {}),
      toolCalls: this.toolCalls,
    };
    if (closing) this.out.push(closing);
    const rest = this.suppress ? this.takeOutput() : EMPTY;
    // Cut before `[DONE]` (an upstream reset, STREAMING_TIMEOUT): an `error` chunk tells the
    // client's SDK the answer is incomplete, instead of a stream that just stops.
    if (end.interrupted === true && !this.sawDone && this.error === undefined) {
      return { rest: rest.length > 0 ? Buffer.concat([rest, INTERRUPTED]) : INTERRUPTED, summary };
    }
    return { rest, summary };
  }

  /**
   * The end of a stream whose client asked for usage the channel was not asked for: the gateway's
   * own usage chunk when the upstream sent none (and the stream was not cut and did not fail), then
   * the held `[DONE]`.
   */
  private closingEvents(end: StreamEnd): Buffer | undefined {
    const cut = end.interrupted === true && !this.sawDone;
    const parts: Buffer[] = [];
    if (this.usage === undefined && this.error === undefined && !cut && this.closingUsage) {
      const usage = this.closingUsage(this.texts.join(''), this.toolCalls);
      this.textTokens = usage.textTokens;
      parts.push(usageChunkEvent(this.lastChunk, usage, this.now()));
    }
    if (this.sawDone) parts.push(DONE_EVENT);
    return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }

  /** `[DONE]`: seen, and held back when a closing usage chunk may have to go before it. */
  private onDone(): void {
    this.sawDone = true;
    if (this.closingUsage) this.dropEvent = true;
  }

  private scan(buf: Buffer): void {
    const n = buf.length;
    let start = 0;
    if (this.pendingCR) {
      this.pendingCR = false;
      if (buf[0] === LF) {
        if (this.suppress) this.emit(buf.subarray(0, 1));
        start = 1;
      }
      this.carriedLineDone(EMPTY, true);
    }
    // Next LF and CR at or after `start`, each searched again only once passed (-1: none left),
    // so a chunk is scanned in linear time whatever its line endings.
    let nextLF = -2;
    let nextCR = -2;
    while (start < n) {
      if (nextLF !== -1 && nextLF < start) nextLF = buf.indexOf(LF, start);
      if (nextCR !== -1 && nextCR < start) nextCR = buf.indexOf(CR, start);
      const byCR = nextCR !== -1 && (nextLF === -1 || nextCR < nextLF);
      const term = byCR ? nextCR : nextLF;
      if (term === -1 || (byCR && term === n - 1)) {
        // The line continues in the next chunk (or its CR may yet be followed by an LF).
        const rest = buf.subarray(start);
        if (this.suppress) this.emit(rest);
        this.carry(rest);
        this.pendingCR = term !== -1;
        return;
      }
      const end = byCR && buf[term + 1] === LF ? term + 2 : term + 1;
      if (this.suppress) this.emit(buf.subarray(start, end));
      if (this.carriedBytes === 0 && !this.lineTooLong) this.lineDone(buf, start, term);
      else this.carriedLineDone(buf.subarray(start, term), false);
      start = end;
    }
  }

  /** Keeps the start of a line cut by the chunk's end (copied: the caller may reuse its buffer). */
  private carry(segment: Buffer): void {
    if (this.lineTooLong) return;
    if (this.carriedBytes + segment.length > MAX_LINE_BYTES) {
      const head = Buffer.concat([...this.carried, segment.subarray(0, DATA_PREFIX.length)]);
      this.tooLongLineIsData = startsWithData(head, 0, head.length);
      this.lineTooLong = true;
      this.carried = [];
      this.carriedBytes = 0;
      return;
    }
    this.carried.push(Buffer.from(segment));
    this.carriedBytes += segment.length;
  }

  /**
   * Completes the line begun in earlier chunks with `tail`. An over-long line is not inspected,
   * but still counts as a data event when it was one.
   */
  private carriedLineDone(tail: Buffer, dropTrailingCR: boolean): void {
    const tooLong = this.lineTooLong;
    const parts = this.carried;
    this.carried = [];
    this.carriedBytes = 0;
    this.lineTooLong = false;
    if (tooLong) {
      if (this.tooLongLineIsData) this.countEvent();
      return;
    }
    const line = parts.length === 1 && tail.length === 0 ? parts[0]! : Buffer.concat([...parts, tail]);
    this.lineDone(line, 0, dropTrailingCR ? line.length - 1 : line.length);
  }

  /** One complete line: bytes `start..end` of `buf`, without its line ending. */
  private lineDone(buf: Buffer, start: number, end: number): void {
    if (start === end) return this.endEvent();
    if (!startsWithData(buf, start, end)) return;
    let payload = start + DATA_PREFIX.length;
    while (payload < end && buf[payload] === SPACE) payload++;
    this.onData(buf, payload, end);
  }

  private onData(buf: Buffer, start: number, end: number): void {
    if (this.collect) return this.onCollectedData(buf.toString('utf8', start, end));
    // One char per byte: cheap to make, and ASCII searches on it see the bytes.
    const text = buf.toString('latin1', start, end);
    if (isDone(text)) return this.onDone();
    this.countEvent();
    const withUsage = hasObjectValue(text, 'usage');
    const withError = hasObjectValue(text, 'error');
    if (!withUsage && !withError) return;
    let chunk: Record<string, unknown> | undefined;
    try {
      chunk = asRecord(JSON.parse(buf.toString('utf8', start, end)));
    } catch {
      return;
    }
    if (chunk) this.readChunk(chunk, withUsage, withError);
  }

  /**
   * A data line when the text is collected: every chunk is parsed for it anyway, so its usage and
   * error are read from the parse rather than searched for in its bytes first.
   */
  private onCollectedData(text: string): void {
    if (isDone(text)) return this.onDone();
    this.countEvent();
    let chunk: Record<string, unknown> | undefined;
    try {
      chunk = asRecord(JSON.parse(text));
    } catch {
      return;
    }
    if (!chunk) return;
    this.readChunk(chunk, true, true);
    this.toolCalls += collectChunkText(chunk, this.texts);
    if (this.closingUsage) this.lastChunk = chunk;
  }

  private readChunk(chunk: Record<string, unknown>, withUsage: boolean, withError: boolean): void {
    if (withUsage) {
      const usage = usageOf(chunk);
      if (usage) this.usage = usage;
      if (usage && this.dropUsageOnly && isUsageOnly(chunk)) this.dropEvent = true;
    }
    if (withError) this.error = errorFromBody(200, chunk) ?? this.error;
  }

  private countEvent(): void {
    this.events++;
    this.firstTokenAt ??= this.now();
  }

  /** Routes raw bytes while suppressing: held until their event is judged, or passed on. */
  private emit(segment: Buffer): void {
    if (segment.length === 0) return;
    if (this.eventReleased) {
      this.out.push(segment);
      return;
    }
    this.held.push(segment);
    this.heldBytes += segment.length;
    if (this.heldBytes > MAX_HELD_BYTES) {
      this.out.push(...this.takeHeld());
      this.eventReleased = true;
    }
  }

  private endEvent(): void {
    const held = this.takeHeld();
    if (!this.dropEvent) this.out.push(...held);
    else this.droppedInPush = true;
    this.eventReleased = false;
    this.dropEvent = false;
  }

  private takeHeld(): Buffer[] {
    const held = this.held;
    this.held = [];
    this.heldOwned = 0;
    this.heldBytes = 0;
    return held;
  }

  private takeOutput(): Buffer {
    const out = this.out;
    this.out = [];
    if (out.length === 0) return EMPTY;
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }
}

/** A fresh OpenAI-schema stream parser for one response (see {@link OpenAIStreamParser}). */
export function createOpenAIStreamParser(options: StreamParserOptions = {}): StreamParser {
  return new OpenAIStreamParser(options);
}

/**
 * Runs a parser over an upstream body: yields the bytes to forward as they arrive and returns the
 * summary. Convenience for the pipeline's `for await` loop.
 */
export async function* relayOpenAIStream(
  source: AsyncIterable<Uint8Array>,
  parser: StreamParser,
): AsyncGenerator<Uint8Array, StreamSummary> {
  for await (const chunk of source) {
    const out = parser.push(chunk);
    if (out.byteLength > 0) yield out;
  }
  const { rest, summary } = parser.finish();
  if (rest.byteLength > 0) yield rest;
  return summary;
}
