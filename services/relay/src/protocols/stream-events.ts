import { StringDecoder } from 'node:string_decoder';
import { createParser, type EventSourceParser } from 'eventsource-parser';
import type { UpstreamError } from './upstream-error';
import type { Usage } from './usage';

/**
 * Streamed answers as events: what an upstream sent (decoded from server-sent events, or from AWS
 * event-stream frames) and what a client is sent, each a name and a JSON payload. The relay never
 * buffers a stream: every event is decoded, translated and written as it arrives.
 */

/** One event of a stream: its `event:` name (Anthropic names every event) and its data. */
export interface WireEvent {
  readonly name?: string;
  /** The parsed JSON payload; {@link DONE} for OpenAI's closing `[DONE]`; a string when not JSON. */
  readonly data: unknown;
  /**
   * `data` already written as JSON, when the event was built as text (see {@link JsonEvent}):
   * the codecs send it as it is instead of serialising `data`.
   */
  readonly json?: string;
}

/**
 * An event a translator wrote as JSON text: the fixed parts of an event kind encoded once (per
 * stream, or per item of it) and only the variable ones (a delta's text, a sequence number)
 * encoded per event, so a streamed chunk costs one string and one object instead of a tree of
 * objects serialised again. `data` is that text parsed, computed only when something reads it.
 */
export class JsonEvent implements WireEvent {
  private parsed: unknown;

  constructor(
    readonly name: string | undefined,
    readonly json: string,
  ) {}

  get data(): unknown {
    if (this.parsed === undefined) this.parsed = JSON.parse(this.json);
    return this.parsed;
  }
}

/** `value` as the JSON of an object's members, without its braces (to splice among others). */
export function jsonMembers(value: Record<string, unknown>): string {
  const json = JSON.stringify(value);
  return json.slice(1, -1);
}

/** OpenAI's `data: [DONE]`, the end marker of its streams. */
export const DONE: unique symbol = Symbol('[DONE]');

function payloadOf(text: string): unknown {
  if (text === '[DONE]') return DONE;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Decodes server-sent events from bytes as they arrive, whatever the chunk boundaries (a line, or
 * a multi-byte character, cut between chunks). The framing itself is `eventsource-parser`'s; the
 * text is Node's `StringDecoder`'s (a `TextDecoder` cost four times as much per stream, most of it
 * preparing its converter on the first chunk).
 */
export class SseDecoder {
  private readonly text = new StringDecoder('utf8');
  private started = false;
  private readonly parser: EventSourceParser;
  private pending: WireEvent[] = [];

  constructor() {
    this.parser = createParser({
      onEvent: (event) => {
        this.pending.push(event.event ? { name: event.event, data: payloadOf(event.data) } : { data: payloadOf(event.data) });
      },
    });
  }

  push(chunk: Uint8Array): WireEvent[] {
    this.feed(this.text.write(chunk));
    return this.take();
  }

  finish(): WireEvent[] {
    const tail = this.text.end();
    // A last event without its blank line still counts, as browsers' EventSource does not do but
    // every SDK reading a closed body does.
    this.feed(`${tail}\n\n`);
    return this.take();
  }

  /** Text to the parser, without the byte order mark a stream may start with (as `TextDecoder` drops it). */
  private feed(text: string): void {
    if (text === '') return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.parser.feed(text);
  }

  private take(): WireEvent[] {
    const events = this.pending;
    this.pending = [];
    return events;
  }
}

/** `data: <json>` events, and `data: [DONE]` for {@link DONE} (OpenAI's framing). */
export function encodeDataEvent(event: WireEvent): string {
  if (event.json !== undefined) return `data: ${event.json}\n\n`;
  return event.data === DONE ? 'data: [DONE]\n\n' : `data: ${JSON.stringify(event.data)}\n\n`;
}

/** `event: <name>` + `data: <json>` events (Anthropic's framing). */
export function encodeNamedEvent(event: WireEvent): string {
  return event.name ? `event: ${event.name}\ndata: ${event.json ?? JSON.stringify(event.data)}\n\n` : encodeDataEvent(event);
}

/** What a stream taught billing once it ended. */
export interface StreamSummary {
  /** The last usage the stream carried, if any. */
  readonly usage: Usage | undefined;
  /**
   * The usage covers the whole answer. False when the stream ended before its final report (an
   * Anthropic stream cut after `message_start` knows its input, not its output).
   */
  readonly usageComplete: boolean;
  /** Clock time of the first data event (the log's `frt` is this minus the request start). */
  readonly firstTokenAt: number | undefined;
  /** Data events seen, `[DONE]` excluded. */
  readonly events: number;
  readonly sawDone: boolean;
  /** An error the upstream sent mid-stream. */
  readonly error: UpstreamError | undefined;
  /** Content, reasoning and tool-call text (only with `collectText`). */
  readonly completionText: string;
  /**
   * Tokens of `completionText`, when the stream already counted that very text (a translator
   * writing the usage of an upstream that reported none into its client's closing event).
   */
  readonly completionTextTokens?: number;
  /** Tool calls started (only with `collectText`; the reference counts 7 tokens each). */
  readonly toolCalls: number;
  /** The id of the response the stream created (OpenAI's Responses API), when it told one. */
  readonly responseId?: string;
}

/** Watches a stream of one protocol for what billing needs: usage, first token, errors, text. */
export interface StreamObserver {
  observe(event: WireEvent): void;
  summary(): StreamSummary;
}
