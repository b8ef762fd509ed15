import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy } from '@modelgate/runtime/outbound';
import { createUpstreamClient, type UpstreamClient } from '../pipeline/upstream-client';
import { streamTaskImage } from './image-proxy';
import { matchTaskRoute, taskProtocolOf } from './task-routes';

describe('task routes', () => {
  it.each([
    ['POST', '/mj/submit/imagine', { kind: 'mj-submit', action: 'IMAGINE', suffix: '/submit/imagine' }],
    ['POST', '/mj-fast/mj/submit/action', { kind: 'mj-submit', action: 'ACTION', suffix: '/submit/action' }],
    ['POST', '/mj/insight-face/swap', { kind: 'mj-submit', action: 'SWAP_FACE', suffix: '/insight-face/swap' }],
    ['GET', '/mj/task/1712/fetch', { kind: 'mj-fetch', id: '1712' }],
    ['GET', '/mj/task/1712/image-seed', { kind: 'mj-image-seed', id: '1712' }],
    ['POST', '/mj/task/list-by-condition', { kind: 'mj-list' }],
    ['POST', '/mj/notify', { kind: 'mj-notify' }],
    ['GET', '/mj/image/1712', { kind: 'mj-image', id: '1712' }],
    ['POST', '/suno/submit/music', { kind: 'suno-submit', action: 'MUSIC' }],
    ['POST', '/suno/submit/LYRICS', { kind: 'suno-submit', action: 'LYRICS' }],
    ['POST', '/suno/fetch', { kind: 'suno-fetch' }],
    ['GET', '/suno/fetch/abc', { kind: 'suno-fetch-one', id: 'abc' }],
    ['GET', '/mj/submit/imagine', { kind: 'not-found' }],
    ['POST', '/mj/submit/explode', { kind: 'not-found' }],
    ['GET', '/mj/task/%E0%A4%A/fetch', { kind: 'not-found' }],
    ['POST', '/suno/submit/video', { kind: 'not-found' }],
  ])('%s %s', (method, path, expected) => {
    expect(matchTaskRoute(method, path)).toEqual(expected);
  });

  it('knows which paths are task paths and in which protocol they answer', () => {
    expect([taskProtocolOf('/mj/notify'), taskProtocolOf('/mj-relax/mj/task/1/fetch'), taskProtocolOf('/suno/fetch')]).toEqual(['midjourney', 'midjourney', 'suno']);
    expect([taskProtocolOf('/mjx'), taskProtocolOf('/mj-slow/mj/submit/imagine'), taskProtocolOf('/v1/chat/completions')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('streamTaskImage', () => {
  let server: Server;
  let base: string;
  let upstream: UpstreamClient;
  const answers: Record<string, { type: string; body: Buffer }> = {
    '/ok.png': { type: 'image/png', body: Buffer.alloc(1000, 1) },
    '/big.png': { type: 'image/png', body: Buffer.alloc(5000, 1) },
    '/page.html': { type: 'text/html', body: Buffer.from('<html>') },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const answer = answers[req.url ?? ''];
      if (!answer) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const outbound = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
    upstream = createUpstreamClient({ outbound, connectTimeoutMs: 2_000, responseTimeoutMs: 0, idleTimeoutMs: 0, connectionsPerOrigin: 2 });
  });
  afterAll(async () => {
    await upstream.close();
    server.close();
  });

  /** Serves the image on a throwaway listener and returns what a client got. */
  async function through(url: string): Promise<{ status: number; type: string | null; bytes: number }> {
    const front = createServer((_req, res) => {
      streamTaskImage(res, upstream, url, { timeoutMs: 2_000, maxBytes: 2_000 }).catch((error: { httpStatus?: number; code?: string }) => {
        res.writeHead(error.httpStatus ?? 500).end(error.code ?? 'error');
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}/`);
      return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
    } finally {
      front.close();
    }
  }

  it('streams an image within the limits, and refuses what is not one or is too large', async () => {
    expect(await through(`${base}/ok.png`)).toEqual({ status: 200, type: 'image/png', bytes: 1000 });
    expect((await through(`${base}/big.png`)).status).toBe(503);
    expect((await through(`${base}/page.html`)).status).toBe(503);
    expect((await through('file:///etc/passwd')).status).toBe(404);
  });
});
