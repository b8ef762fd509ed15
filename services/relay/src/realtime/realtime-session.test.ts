import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@modelgate/runtime';
import WebSocket, { WebSocketServer } from 'ws';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './realtime-limits';
import { RealtimeSession } from './realtime-session';

const logger = createLogger({ service: 'test', level: 'silent' });

/** The relay's two sockets of one session, and the client's and upstream's ends. */
interface Pair {
  client: WebSocket;
  upstream: WebSocket;
  session: RealtimeSession;
  serverTexts: string[];
  ended: Promise<void>;
}

let upstreamServer: WebSocketServer;
let relayServer: WebSocketServer;
let limits: RealtimeLimits;
const upstreamSide: WebSocket[] = [];

beforeAll(async () => {
  upstreamServer = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  upstreamServer.on('connection', (socket) => upstreamSide.push(socket));
  await once(upstreamServer, 'listening');
});

afterAll(async () => {
  for (const client of upstreamServer.clients) client.terminate();
  await new Promise((resolve) => upstreamServer.close(resolve));
});

afterEach(async () => {
  if (relayServer) {
    for (const client of relayServer.clients) client.terminate();
    await new Promise((resolve) => relayServer.close(resolve));
  }
});

const portOf = (server: WebSocketServer) => (server.address() as AddressInfo).port;

/** Starts a relay with `given` limits and opens one session through it. */
async function openSession(given: Partial<RealtimeLimits> = {}): Promise<Pair & { upstreamEnd: WebSocket }> {
  limits = { ...DEFAULT_REALTIME_LIMITS, ...given };
  relayServer = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: limits.maxFrameBytes });
  await once(relayServer, 'listening');
  const serverTexts: string[] = [];
  const sessionReady = new Promise<{ session: RealtimeSession; ended: Promise<void> }>((resolve) => {
    relayServer.once('connection', async (relayClient) => {
      const upstream = new WebSocket(`ws://127.0.0.1:${portOf(upstreamServer)}`, { maxPayload: limits.maxFrameBytes });
      await once(upstream, 'open');
      let ended!: () => void;
      const endedPromise = new Promise<void>((r) => (ended = r));
      const session = new RealtimeSession(relayClient, upstream, limits, { onServerText: (text) => serverTexts.push(text), onEnd: () => ended() }, logger);
      resolve({ session, ended: endedPromise });
    });
  });
  const client = new WebSocket(`ws://127.0.0.1:${portOf(relayServer)}`);
  await once(client, 'open');
  const { session, ended } = await sessionReady;
  const upstreamEnd = upstreamSide.at(-1)!;
  return { client, upstream: upstreamEnd, upstreamEnd, session, serverTexts, ended };
}

const nextMessage = (socket: WebSocket) =>
  once(socket, 'message').then(([data, isBinary]) => ({ data: data as Buffer, isBinary: isBinary as boolean }));
const closeOf = (socket: WebSocket) => once(socket, 'close').then(([code, reason]) => ({ code: code as number, reason: String(reason) }));

describe('RealtimeSession', () => {
  it('relays text and binary frames both ways as they are, malformed events included, and shows server text to billing', async () => {
    const { client, upstream, serverTexts } = await openSession();
    client.send('{"type":"session.update","session":{}}');
    expect(await nextMessage(upstream)).toEqual({ data: Buffer.from('{"type":"session.update","session":{}}'), isBinary: false });
    client.send('not json at all');
    expect((await nextMessage(upstream)).data.toString()).toBe('not json at all');
    client.send(Buffer.from([1, 2, 3]));
    expect(await nextMessage(upstream)).toEqual({ data: Buffer.from([1, 2, 3]), isBinary: true });
    upstream.send('{"type":"response.done"}');
    expect((await nextMessage(client)).data.toString()).toBe('{"type":"response.done"}');
    upstream.send(Buffer.from([9]));
    expect(await nextMessage(client)).toEqual({ data: Buffer.from([9]), isBinary: true });
    expect(serverTexts).toEqual(['{"type":"response.done"}']);
  });

  it("a client's close closes the upstream with its code and reason", async () => {
    const { client, upstream, ended } = await openSession();
    const upstreamClosed = closeOf(upstream);
    client.close(4001, 'bye');
    expect(await upstreamClosed).toEqual({ code: 4001, reason: 'bye' });
    await ended;
  });

  it("the upstream's close reaches the client with its code and reason", async () => {
    const { client, upstream, ended } = await openSession();
    const clientClosed = closeOf(client);
    upstream.close(4002, 'session expired');
    expect(await clientClosed).toEqual({ code: 4002, reason: 'session expired' });
    await ended;
  });

  it('an upstream lost without a close frame closes the client with 1011', async () => {
    const { client, upstream, ended } = await openSession();
    const clientClosed = closeOf(client);
    upstream.terminate();
    expect(await clientClosed).toEqual({ code: 1011, reason: 'upstream connection lost' });
    await ended;
  });

  it('an oversized server frame gives the client an error event and closes both sides with 1009', async () => {
    const { client, upstream } = await openSession({ maxFrameBytes: 1024 });
    const clientClosed = closeOf(client);
    const event = nextMessage(client);
    upstream.send('x'.repeat(2048));
    expect(JSON.parse((await event).data.toString())).toMatchObject({ type: 'error', error: { code: 'message_too_large' } });
    expect((await clientClosed).code).toBe(1009);
  });

  it('an oversized client frame closes the client with 1009 and the upstream too', async () => {
    const { client, upstream } = await openSession({ maxFrameBytes: 1024 });
    const clientClosed = closeOf(client);
    const upstreamClosed = closeOf(upstream);
    client.send('x'.repeat(2048));
    expect((await clientClosed).code).toBe(1009);
    expect((await upstreamClosed).code).toBe(1009);
  });

  it('a silent session is closed after the idle limit, with an error event', async () => {
    const { client, upstream } = await openSession({ idleMs: 50 });
    const event = nextMessage(client);
    const upstreamClosed = closeOf(upstream);
    expect(JSON.parse((await event).data.toString())).toMatchObject({ type: 'error', error: { code: 'session_idle_timeout' } });
    expect((await upstreamClosed).code).toBe(1000);
  });

  it('fail sends the error event, then closes both sides with its code', async () => {
    const { client, upstream, session } = await openSession();
    const event = nextMessage(client);
    const clientClosed = closeOf(client);
    const upstreamClosed = closeOf(upstream);
    session.fail({ type: 'error', event_id: 'e', error: { type: 'insufficient_quota', code: 'insufficient_user_quota', message: 'no', param: null, event_id: null } }, 1008, 'insufficient quota');
    expect(JSON.parse((await event).data.toString())).toMatchObject({ error: { code: 'insufficient_user_quota' } });
    expect(await clientClosed).toEqual({ code: 1008, reason: 'insufficient quota' });
    expect((await upstreamClosed).code).toBe(1008);
  });

  it('pauses reading the upstream while the client is slow to take what is queued, then resumes', async () => {
    const { client, upstream, session } = await openSession({ highWaterBytes: 64 * 1024 });
    const relayUpstream = (session as unknown as { upstream: WebSocket }).upstream;
    // The client stops reading: once the socket buffers are full, frames queue in the relay.
    client.pause();
    const frames = 64;
    const paused = new Promise<void>((resolve) => {
      const check = () => {
        if (!relayUpstream.isPaused) return;
        relayUpstream.off('message', check);
        resolve();
      };
      relayUpstream.on('message', check);
    });
    for (let i = 0; i < frames; i++) upstream.send(Buffer.alloc(512 * 1024, i));
    await paused;
    let received = 0;
    const all = new Promise<void>((resolve) => {
      client.on('message', () => {
        if (++received === frames) resolve();
      });
    });
    client.resume();
    await all;
    expect(relayUpstream.isPaused).toBe(false);
  });
});
