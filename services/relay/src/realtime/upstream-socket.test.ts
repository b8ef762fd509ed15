import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isOutboundRefusal, OutboundPolicy } from '@modelgate/runtime/outbound';
import { WebSocketServer } from 'ws';
import { UpstreamError } from '../protocols/upstream-error';
import { openUpstreamSocket } from './upstream-socket';

const limits = { handshakeTimeoutMs: 2_000, maxFrameBytes: 1024 };
const allowLoopback = new OutboundPolicy({ allowedRanges: () => '127.0.0.0/8,::1' });
const allowNothing = new OutboundPolicy({ allowedRanges: () => '' });

let server: Server;
let sockets: WebSocketServer;
let port: number;
const handshakes: Array<Record<string, string | string[] | undefined>> = [];

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(404).end());
  sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    handshakes.push(req.headers);
    if (req.headers.authorization !== 'Bearer good') {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n' +
        JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key', param: null } }));
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => ws.send('{"type":"session.created"}'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  sockets.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('openUpstreamSocket', () => {
  it("connects by name through the policy's lookup, with the target's headers, paused until the session listens", async () => {
    const socket = await openUpstreamSocket({ url: `ws://localhost:${port}/v1/realtime?model=m`, headers: { Authorization: 'Bearer good' } }, allowLoopback, limits);
    expect(handshakes.at(-1)).toMatchObject({ authorization: 'Bearer good' });
    expect(socket.isPaused).toBe(true);
    const message = once(socket, 'message');
    socket.resume();
    expect(String((await message)[0])).toBe('{"type":"session.created"}');
    socket.close();
  });

  it("a refused handshake is an UpstreamError with the upstream's status and error object", async () => {
    const error = await openUpstreamSocket({ url: `ws://127.0.0.1:${port}/v1/realtime`, headers: { Authorization: 'Bearer bad' } }, allowLoopback, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 401, message: 'Incorrect API key provided', errorCode: 'invalid_api_key', kind: 'upstream' });
  });

  it('an address the policy does not allow is never dialled: by name or as a literal', async () => {
    const before = handshakes.length;
    for (const host of ['localhost', '127.0.0.1']) {
      const error = await openUpstreamSocket({ url: `ws://${host}:${port}/v1/realtime`, headers: { Authorization: 'Bearer good' } }, allowNothing, limits).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'transport', errorCode: 'upstream_unreachable' });
      expect(isOutboundRefusal((error as UpstreamError).cause)).toBe(true);
    }
    expect(handshakes.length).toBe(before);
  });
});
