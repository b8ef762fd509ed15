import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { answerMalformedHttp, type MalformedHttp } from './malformed-http';

/** Writes `raw` on a fresh connection and reads everything the server sends until it closes. */
async function exchange(port: number, raw: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(raw);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('latin1');
}

describe('answerMalformedHttp', () => {
  let server: Server;
  let port: number;
  const faults: MalformedHttp[] = [];

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('served'));
    answerMalformedHttp(server, (fault) => {
      faults.push(fault);
      return { contentType: 'application/json', body: JSON.stringify({ refused: fault.message, path: fault.path ?? null }) };
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());
  beforeEach(() => faults.splice(0));

  it('answers a head over the size limit with 431 in the shape the path is given, and closes', async () => {
    const answer = await exchange(port, `GET /v1/models?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toContain('Connection: close');
    expect(answer.split('\r\n\r\n')[1]).toBe('{"refused":"request headers too large","path":"/v1/models"}');
  });

  it('answers a malformed request line or header with 400', async () => {
    expect(await exchange(port, 'POST /api/user/login HTTP/1.1\r\nHost: a\r\nBad Header: x\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*\r\n\r\n\{"refused":"malformed HTTP request","path":"\/api\/user\/login"\}$/,
    );
    expect(await exchange(port, 'GET /api/status HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await exchange(port, '\u0000\u0001garbage\r\n\r\n')).toMatch(/\{"refused":"malformed HTTP request","path":null\}$/);
  });

  it('sends no body to HEAD', async () => {
    const answer = await exchange(port, `HEAD /api/status?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
  });

  it('sends no body to HEAD whose target is not a path, answering in the pathless shape', async () => {
    const answer = await exchange(port, `HEAD %2f${'a'.repeat(200)} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
    expect(faults).toEqual([{ status: 400, message: 'malformed HTTP request', path: undefined }]);
  });

  it('leaves well-formed requests to the server', async () => {
    expect(await exchange(port, 'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')).toMatch(/served$/);
    expect(faults).toEqual([]);
  });
});
