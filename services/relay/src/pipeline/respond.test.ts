import { EventEmitter, once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { parseAnthropicRequest } from '../protocols/anthropic/inbound';
import { parseGeminiRequest } from '../protocols/gemini/inbound';
import { parseOpenAIRequest } from '../protocols/openai/inbound';
import type { RelayRequest } from '../protocols/request';
import { parseResponsesRequest } from '../protocols/responses/inbound';
import { SseDecoder, type WireEvent } from '../protocols/stream-events';
import type { SuccessfulAttempt } from './attempts';
import { channelRouteFor } from './channel-route';
import { deliverResponse } from './respond';

/**
 * A client connection as the relay writes to it: every write recorded, `write` answering what
 * back-pressure says, and the socket writes corking makes of them (as Node's response does: held
 * while corked, all of it sent by `end()`).
 */
class Client extends EventEmitter {
  readonly writes: Buffer[] = [];
  tail: Buffer | undefined;
  ended = false;
  readonly destroyed = false;
  /** What `write` returns: false while the client's buffer is full. */
  accepting = true;
  corked = 0;
  /** What reached the socket, one entry per socket write. */
  readonly sent: Buffer[] = [];
  private held: Buffer[] = [];

  writeHead(): this {
    return this;
  }

  write(chunk: Uint8Array): boolean {
    this.writes.push(Buffer.from(chunk));
    this.held.push(Buffer.from(chunk));
    if (this.corked === 0) this.flush();
    return this.accepting;
  }

  cork(): void {
    this.corked++;
  }

  uncork(): void {
    if (this.corked > 0 && --this.corked === 0) this.flush();
  }

  end(chunk?: Uint8Array): this {
    if (chunk) this.tail = Buffer.from(chunk);
    this.held.push(Buffer.from(chunk ?? []), Buffer.from('0\r\n\r\n'));
    this.corked = 0;
    this.flush();
    this.ended = true;
    return this;
  }

  private flush(): void {
    if (this.held.length > 0) this.sent.push(Buffer.concat(this.held));
    this.held = [];
  }

  /** Resolves once the relay waits for `drain` (it never waits by polling). */
  async waitingForDrain(): Promise<void> {
    while (this.listenerCount('drain') === 0) await once(this, 'newListener');
  }
}

/**
 * An upstream body handing out `chunks` one read at a time; `reads` counts the reads asked for.
 * With `turns`, each read after the first arrives in a later turn of the event loop, as the
 * chunks of a slow stream do, and `onRead` sees each read begin.
 */
function upstreamBody(chunks: readonly Uint8Array[], options: { turns?: boolean; onRead?: (read: number) => void } = {}) {
  const body = {
    reads: 0,
    async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
      for (const chunk of chunks) {
        if (options.turns && body.reads > 0) await new Promise((resolve) => setTimeout(resolve, 1));
        body.reads++;
        options.onRead?.(body.reads);
        yield chunk;
      }
    },
  };
  return body;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const chatChunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usageChunk = `data: ${JSON.stringify({ id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } })}\n\n`;
const WORDS = ['Hel', 'lo', ' there', ', ', 'friend'];
/** A chat answer of several events, as one read of the upstream body could hold it. */
const CHAT_ANSWER = Buffer.from(
  [chatChunk({ role: 'assistant', content: '' }), ...WORDS.map((content) => chatChunk({ content })), chatChunk({}, 'stop'), usageChunk, 'data: [DONE]\n\n'].join(''),
);

/** Claude's answer as AWS event-stream messages (Bedrock). */
function bedrockAnswer(): Buffer {
  const codec = new EventStreamCodec(toUtf8, fromUtf8);
  const headers = { ':event-type': { type: 'string', value: 'chunk' }, ':message-type': { type: 'string', value: 'event' } } as const;
  const events = [
    { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], usage: { input_tokens: 5, output_tokens: 0 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...WORDS.map((text) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } },
    { type: 'message_stop' },
  ];
  return Buffer.concat(events.map((event) => codec.encode({ headers, body: json({ bytes: json(event).toString('base64') }) })));
}

interface Pair {
  readonly name: string;
  readonly channelType: number;
  readonly request: RelayRequest;
  readonly answer: () => Buffer;
  readonly contentType: string;
}

const PAIRS: readonly Pair[] = [
  {
    name: 'chat passthrough',
    channelType: 1,
    request: parseOpenAIRequest('chat/completions', json({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }), 'application/json'),
    answer: () => CHAT_ANSWER,
    contentType: 'text/event-stream',
  },
  {
    name: 'Anthropic → chat',
    channelType: 1,
    request: parseAnthropicRequest('messages', json({ model: 'm', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] }), 'application/json'),
    answer: () => CHAT_ANSWER,
    contentType: 'text/event-stream',
  },
  {
    name: 'Gemini → chat',
    channelType: 1,
    request: parseGeminiRequest({ operation: 'generateContent', model: 'm', stream: true }, json({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }), 'application/json'),
    answer: () => CHAT_ANSWER,
    contentType: 'text/event-stream',
  },
  {
    name: 'Responses → chat',
    channelType: 43,
    request: parseResponsesRequest('responses', json({ model: 'm', input: 'hi', stream: true }), 'application/json'),
    answer: () => CHAT_ANSWER,
    contentType: 'text/event-stream',
  },
  {
    name: 'Anthropic ← Bedrock, re-framed',
    channelType: 33,
    request: parseAnthropicRequest('messages', json({ model: 'm', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] }), 'application/json'),
    answer: bedrockAnswer,
    contentType: 'application/vnd.amazon.eventstream',
  },
];

/** A successful upstream call of `pair` whose streamed body is `chunks`. */
function attempt(pair: Pair, chunks: readonly Uint8Array[], options?: Parameters<typeof upstreamBody>[1]) {
  const route = channelRouteFor(pair.channelType, pair.request.protocol, pair.request.operation);
  if (!route) throw new Error(`no route for ${pair.name}`);
  const body = upstreamBody(chunks, options);
  const success = {
    route,
    context: { request: pair.request, upstreamModel: 'm' },
    upstreamRequest: { streamUsageRequested: false, clientRequestedUsage: false },
    response: { statusCode: 200, headers: { 'content-type': pair.contentType }, body },
  } as unknown as SuccessfulAttempt;
  return { success, body };
}

function clientEvents(bytes: Buffer): WireEvent[] {
  const decoder = new SseDecoder();
  return [...decoder.push(bytes), ...decoder.finish()];
}

describe('a streamed answer reaches the client', () => {
  it.each(PAIRS.map((pair) => [pair.name, pair] as const))('%s: the events of one upstream read leave in one write', async (_name, pair) => {
    const answer = pair.answer();
    const { success } = attempt(pair, [answer]);
    const client = new Client();
    const delivered = await deliverResponse(client as unknown as ServerResponse, success);
    expect(delivered.interruption).toBeUndefined();
    expect(client.writes).toHaveLength(1);
    expect(client.ended).toBe(true);
    const bytes = Buffer.concat([...client.writes, client.tail ?? Buffer.alloc(0)]);
    // Every delta of the answer, each its own event, went in that write.
    const events = clientEvents(client.writes[0]!);
    expect(events.length).toBeGreaterThan(WORDS.length);
    for (const word of WORDS) expect(bytes.includes(JSON.stringify(word).slice(1, -1))).toBe(true);
    if (pair.name === 'chat passthrough') expect(client.writes[0]!.equals(answer)).toBe(true);
    expect(delivered.metering.usage).toMatchObject({ completionTokens: 3 });
    // …and the end of the stream left with it: one socket write for the whole answer.
    expect(client.sent).toHaveLength(1);
    expect(client.sent[0]!.subarray(-5).toString()).toBe('0\r\n\r\n');
  });

  it.each(PAIRS.map((pair) => [pair.name, pair] as const))('%s: a chunk arriving in a later turn is not held back until the end', async (_name, pair) => {
    const answer = pair.answer();
    const cuts = [Math.floor(answer.length / 3), Math.floor((2 * answer.length) / 3)];
    const chunks = [answer.subarray(0, cuts[0]), answer.subarray(cuts[0], cuts[1]), answer.subarray(cuts[1])];
    const client = new Client();
    // What had reached the socket when each later read began.
    const sentBeforeRead: number[] = [];
    const { success } = attempt(pair, chunks, { turns: true, onRead: (read) => read > 1 && sentBeforeRead.push(client.sent.length) });
    const delivered = await deliverResponse(client as unknown as ServerResponse, success);
    expect(delivered.metering.usage).toMatchObject({ completionTokens: 3 });
    expect(sentBeforeRead).toEqual([1, 2]);
    // The last read and the end went together.
    expect(client.sent).toHaveLength(3);
    const bytes = Buffer.concat(client.sent);
    if (pair.name === 'chat passthrough') expect(bytes.subarray(0, -5).equals(answer)).toBe(true);
  });

  it.each(PAIRS.map((pair) => [pair.name, pair] as const))('%s: a client that stops reading is not written to, nor the upstream read, until it drains', async (_name, pair) => {
    const answer = pair.answer();
    // The answer in three reads, each cut in the middle of an event.
    const cuts = [Math.floor(answer.length / 3), Math.floor((2 * answer.length) / 3)];
    const chunks = [answer.subarray(0, cuts[0]), answer.subarray(cuts[0], cuts[1]), answer.subarray(cuts[1])];
    const { success, body } = attempt(pair, chunks);
    const client = new Client();
    client.accepting = false;
    const delivery = deliverResponse(client as unknown as ServerResponse, success);

    await client.waitingForDrain();
    expect(body.reads).toBe(1);
    expect(client.writes).toHaveLength(1);

    client.emit('drain');
    await client.waitingForDrain();
    expect(body.reads).toBe(2);
    expect(client.writes).toHaveLength(2);

    client.accepting = true;
    client.emit('drain');
    const delivered = await delivery;
    expect(body.reads).toBe(3);
    expect(client.writes).toHaveLength(3);
    expect(client.listenerCount('drain')).toBe(0);
    expect(client.listenerCount('close')).toBe(0);
    expect(delivered.metering.usage).toMatchObject({ completionTokens: 3 });
    const bytes = Buffer.concat([...client.writes, client.tail ?? Buffer.alloc(0)]);
    if (pair.name === 'chat passthrough') expect(bytes.equals(answer)).toBe(true);
  });
});
