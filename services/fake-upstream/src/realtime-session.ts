// One Realtime WebSocket session: `session.created` on connect, then an answer per client event —
// `session.update` → `session.updated`, `conversation.item.create` → `conversation.item.created`,
// `input_audio_buffer.append` (silently), `…commit` → `…committed` and the user's audio item,
// `…clear` → `…cleared`, `response.create` → `response.created`, the output item and content
// part, the text (or audio transcript and audio) deltas, their `done` events, and `response.done`
// with usage; `response.cancel` stops the active response. Anything else is an `error` event.
// The programmed behaviour of the handshake applies to every response of the session.
import type WebSocket from 'ws';
import type { RawData } from 'ws';
import { completionPieces, completionText } from './pieces';
import { type RealtimeUsage, realtimeUsage } from './realtime-usage';
import {
  AUDIO_DELTA,
  CLIENT_ERRORS,
  CLIENT_EVENTS,
  type ClientErrorCode,
  type ClientEventType,
  eventName,
  INPUT_AUDIO_BYTES_PER_TOKEN,
} from './realtime-vocabulary';
import { providerError, streamErrorKind } from './errors';
import type { FakeBehaviour, FakeRequest } from './types';
import { estimateTokens } from './usage';

type Json = Record<string, unknown>;

const KNOWN: ReadonlySet<string> = new Set(CLIENT_EVENTS);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The assistant's message item of a response. */
const assistantItem = (id: string, status: string, content: Json[]): Json => ({
  id,
  object: 'realtime.item',
  type: 'message',
  status,
  role: 'assistant',
  content,
});

/** The content part of a response so far: its transcript when spoken, else its text. */
const contentPart = (audio: boolean, text: string): Json =>
  audio ? { type: 'audio', transcript: text } : { type: 'text', text };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What the session was opened with. */
export interface RealtimeSessionInit {
  readonly socket: WebSocket;
  readonly model: string;
  readonly behaviour: FakeBehaviour;
  readonly record: FakeRequest | undefined;
  readonly uid: string;
  /** Whether the client speaks the beta protocol. */
  readonly beta: boolean;
}

export class RealtimeSession {
  private readonly socket: WebSocket;
  private readonly b: FakeBehaviour;
  private readonly beta: boolean;
  private readonly uid: string;
  private readonly record: FakeRequest | undefined;
  private readonly session: Json;
  private readonly conversation: Json[] = [];
  private audioBytes = 0;
  private audioTokens = 0;
  private counter = 0;
  private active: { id: string; cancelled: boolean } | undefined;

  constructor(init: RealtimeSessionInit) {
    this.socket = init.socket;
    this.b = init.behaviour;
    this.beta = init.beta;
    this.uid = init.uid;
    this.record = init.record;
    this.session = {
      id: `sess_${init.uid}`,
      object: 'realtime.session',
      type: 'realtime',
      model: init.model,
      ...(init.beta ? { modalities: ['text', 'audio'] } : { output_modalities: ['audio'] }),
      instructions: '',
      tools: [],
      tool_choice: 'auto',
      max_output_tokens: 'inf',
      expires_at: Math.floor(Date.now() / 1000) + 1800,
    };
    this.send('session.created', { session: this.session });
    this.socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
  }

  private nextId(prefix: string): string {
    return `${prefix}_${this.uid}_${(this.counter++).toString(36)}`;
  }

  /** Settles once the last event sent has been written to the socket. */
  private written: Promise<void> = Promise.resolve();

  private send(type: string, fields: Json): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const frame = JSON.stringify({ type: eventName(type, this.beta), event_id: this.nextId('event'), ...fields });
    this.written = new Promise((resolve) => this.socket.send(frame, () => resolve()));
  }

  private sendError(type: string, code: string | null, message: string, param: string | null, eventId: unknown): void {
    this.send('error', {
      error: { type, code, message, param, event_id: typeof eventId === 'string' ? eventId : null },
    });
  }

  /** Answers a client's mistake with an `invalid_request_error` event. */
  private reject(code: ClientErrorCode, detail: string, param: string | null, eventId: unknown): void {
    this.sendError('invalid_request_error', code, CLIENT_ERRORS[code](detail), param, eventId);
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    let event: unknown;
    try {
      event = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      event = undefined;
    }
    if (!isObject(event)) {
      this.record?.events?.push({ unparsed: true });
      this.reject('invalid_json', '', null, null);
      return;
    }
    this.record?.events?.push(
      event.type === 'input_audio_buffer.append' && typeof event.audio === 'string'
        ? { type: event.type, event_id: event.event_id, audioBytes: Buffer.byteLength(event.audio, 'base64') }
        : event,
    );
    const type = event.type;
    if (typeof type !== 'string' || !KNOWN.has(type)) {
      return this.reject('invalid_value', String(type), 'type', event.event_id);
    }
    this.handle(type as ClientEventType, event);
  }

  private handle(type: ClientEventType, event: Json): void {
    switch (type) {
      case 'session.update': {
        if (!isObject(event.session)) {
          return this.reject('missing_required_parameter', 'session', 'session', event.event_id);
        }
        const { type: _type, id: _id, object: _object, ...changes } = event.session;
        Object.assign(this.session, changes);
        return this.send('session.updated', { session: this.session });
      }
      case 'conversation.item.create': {
        if (!isObject(event.item)) {
          return this.reject('missing_required_parameter', 'item', 'item', event.event_id);
        }
        const id = event.item.id ?? this.nextId('item');
        return this.addItem({ object: 'realtime.item', status: 'completed', ...event.item, id });
      }
      case 'conversation.item.delete': {
        const at = this.conversation.findIndex((item) => item.id === event.item_id);
        if (at < 0) {
          return this.reject('item_not_found', String(event.item_id), 'item_id', event.event_id);
        }
        this.conversation.splice(at, 1);
        return this.send('conversation.item.deleted', { item_id: event.item_id });
      }
      case 'input_audio_buffer.append':
        if (typeof event.audio !== 'string') {
          return this.reject('missing_required_parameter', 'audio', 'audio', event.event_id);
        }
        this.audioBytes += Buffer.byteLength(event.audio, 'base64');
        return;
      case 'input_audio_buffer.commit': {
        if (this.audioBytes === 0) {
          return this.reject('input_audio_buffer_commit_empty', '', null, event.event_id);
        }
        this.audioTokens += Math.max(1, Math.ceil(this.audioBytes / INPUT_AUDIO_BYTES_PER_TOKEN));
        this.audioBytes = 0;
        const item = {
          id: this.nextId('item'),
          object: 'realtime.item',
          type: 'message',
          status: 'completed',
          role: 'user',
          content: [{ type: 'input_audio', transcript: null }],
        };
        this.send('input_audio_buffer.committed', { previous_item_id: this.lastItemId(), item_id: item.id });
        return this.addItem(item);
      }
      case 'input_audio_buffer.clear':
        this.audioBytes = 0;
        return this.send('input_audio_buffer.cleared', {});
      case 'response.cancel':
        if (this.active === undefined) {
          return this.reject('response_cancel_not_active', '', null, event.event_id);
        }
        this.active.cancelled = true;
        return;
      case 'response.create':
        if (this.active !== undefined) {
          return this.reject('conversation_already_has_active_response', this.active.id, null, event.event_id);
        }
        if (this.b.closeCode !== undefined) {
          if (this.record !== undefined) this.record.outcome = 'cut';
          this.socket.close(this.b.closeCode, this.b.errorMessage ?? '');
          return;
        }
        void this.respond(isObject(event.response) ? event.response : {});
    }
  }

  private lastItemId(): string | null {
    return (this.conversation[this.conversation.length - 1]?.id as string | undefined) ?? null;
  }

  private addItem(item: Json): void {
    const previous = this.lastItemId();
    this.conversation.push(item);
    this.send('conversation.item.created', { previous_item_id: previous, item });
  }

  /** Whether the answer of `options` (else of the session) includes audio. */
  private wantsAudio(options: Json): boolean {
    const modalities =
      options.output_modalities ?? options.modalities ?? this.session.output_modalities ?? this.session.modalities;
    return Array.isArray(modalities) && modalities.includes('audio');
  }

  private async respond(options: Json): Promise<void> {
    const b = this.b;
    const id = this.nextId('resp');
    const active = { id, cancelled: false };
    this.active = active;
    const audio = this.wantsAudio(options);
    const modalities = audio ? ['audio'] : ['text'];
    const base = {
      id,
      object: 'realtime.response',
      conversation_id: `conv_${this.uid}`,
      output_modalities: modalities,
    };
    this.send('response.created', { response: { ...base, status: 'in_progress', output: [], usage: null } });
    const itemId = this.nextId('item');
    const response_id = id;
    const at = { response_id, item_id: itemId, output_index: 0, content_index: 0 };
    this.send('response.output_item.added', {
      response_id,
      output_index: 0,
      item: assistantItem(itemId, 'in_progress', []),
    });
    this.send('response.content_part.added', { ...at, part: contentPart(audio, '') });

    // As on HTTP streams: a cut or a mid-stream error after that many deltas, the earlier one winning.
    const pieces = completionPieces(b);
    const cutAt = b.disconnectAfter;
    const errorAt = b.streamErrorAfter;
    const cuts = cutAt !== undefined && (errorAt === undefined || cutAt <= errorAt);
    const limit = Math.min(pieces.length, cuts ? cutAt : (errorAt ?? pieces.length));
    let sent = 0;
    while (sent < limit) {
      if (b.chunkDelayMs !== undefined && b.chunkDelayMs > 0) await sleep(b.chunkDelayMs);
      if (this.socket.readyState !== this.socket.OPEN || active.cancelled) break;
      const delta = pieces[sent]!;
      if (audio) {
        this.send('response.output_audio.delta', { ...at, delta: AUDIO_DELTA });
        this.send('response.output_audio_transcript.delta', { ...at, delta });
      } else {
        this.send('response.output_text.delta', { ...at, delta });
      }
      sent += 1;
      if (this.record !== undefined) this.record.chunksSent = sent;
    }
    if (this.socket.readyState !== this.socket.OPEN) return void (this.active = undefined);
    if (!active.cancelled && cuts) return this.cut();
    if (!active.cancelled && errorAt !== undefined) return this.fail(base, active);

    const status = active.cancelled ? 'cancelled' : 'completed';
    const text = active.cancelled ? pieces.slice(0, sent).join('') : completionText(b, pieces);
    if (!active.cancelled) {
      if (audio) {
        this.send('response.output_audio.done', at);
        this.send('response.output_audio_transcript.done', { ...at, transcript: text });
      } else {
        this.send('response.output_text.done', { ...at, text });
      }
      this.send('response.content_part.done', { ...at, part: contentPart(audio, text) });
    }
    // The item's content types: GA's `output_audio` / `output_text`, the beta's `audio` / `text`.
    const content = audio
      ? [{ type: this.beta ? 'audio' : 'output_audio', transcript: text }]
      : [{ type: this.beta ? 'text' : 'output_text', text }];
    const item = assistantItem(itemId, active.cancelled ? 'incomplete' : 'completed', content);
    if (!active.cancelled) this.send('response.output_item.done', { response_id, output_index: 0, item });
    const usage = b.usage === 'none' ? null : this.usage(options, sent, audio);
    this.conversation.push(item);
    this.active = undefined;
    this.send('response.done', {
      response: {
        ...base,
        status,
        status_details: active.cancelled ? { type: 'cancelled', reason: 'client_cancelled' } : null,
        output: [item],
        usage,
      },
    });
  }

  /** Terminates the connection without a close frame once the events sent are out (the client sees 1006). */
  private cut(): void {
    if (this.record !== undefined) this.record.outcome = 'cut';
    this.active = undefined;
    void this.written.then(() => this.socket.terminate());
  }

  /** Ends the active response with an `error` event and a failed `response.done`. */
  private fail(base: Json, active: { id: string }): void {
    const kind = streamErrorKind(this.b) ?? 'server_error';
    const { body } = providerError(kind, String(this.session.model), undefined, undefined, this.b.errorMessage);
    this.sendError(body.error.type, body.error.code, body.error.message, body.error.param, null);
    if (this.active === active) this.active = undefined;
    this.send('response.done', {
      response: {
        ...base,
        status: 'failed',
        status_details: { type: 'failed', error: { type: body.error.type, code: body.error.code } },
        output: [],
        usage: null,
      },
    });
  }

  /** The usage of a response: the conversation's text and committed audio in, the deltas out. */
  private usage(options: Json, deltas: number, audio: boolean): RealtimeUsage {
    const texts = this.conversation.filter((item) => item.role !== undefined).map((item) => item.content);
    const inputText = estimateTokens(texts, this.session.instructions, options.instructions);
    return realtimeUsage(this.b, { inputText, inputAudio: this.audioTokens, deltas, audio });
  }
}
