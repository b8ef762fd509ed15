import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { isAppError } from '@modelgate/runtime';
import { readRequestBody } from './request-body';

const LIMIT = 1024;

describe('readRequestBody', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      readRequestBody(req, LIMIT).then(
        (body) => res.end(JSON.stringify({ ok: true, text: body.toString('utf8') })),
        (error: unknown) => {
          req.resume();
          res.end(JSON.stringify({ ok: false, status: isAppError(error) ? error.httpStatus : 500, code: isAppError(error) ? error.code : '' }));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function send(body: Buffer, headers: Record<string, string> = {}, chunked = false): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': body.length } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('reads a body within the limit', async () => {
    await expect(send(Buffer.from('hello'))).resolves.toEqual({ ok: true, text: 'hello' });
  });

  it('refuses a declared length above the limit with 413', async () => {
    await expect(send(Buffer.alloc(LIMIT + 1, 'a'))).resolves.toMatchObject({ ok: false, status: 413, code: 'request_too_large' });
  });

  it('refuses a chunked body that grows above the limit with 413', async () => {
    await expect(send(Buffer.alloc(LIMIT * 3, 'a'), {}, true)).resolves.toMatchObject({ ok: false, status: 413 });
  });

  it('decompresses gzip and br bodies', async () => {
    await expect(send(gzipSync('zipped'), { 'content-encoding': 'gzip' })).resolves.toEqual({ ok: true, text: 'zipped' });
    await expect(send(brotliCompressSync('brotli'), { 'content-encoding': 'br' })).resolves.toEqual({ ok: true, text: 'brotli' });
  });

  it('refuses a small compressed body that inflates above the limit (413)', async () => {
    const bomb = gzipSync(Buffer.alloc(LIMIT * 100, 'a'));
    expect(bomb.length).toBeLessThan(LIMIT);
    await expect(send(bomb, { 'content-encoding': 'gzip' })).resolves.toMatchObject({ ok: false, status: 413 });
  });

  it('refuses corrupt and unknown encodings with 400', async () => {
    await expect(send(Buffer.from('not gzip'), { 'content-encoding': 'gzip' })).resolves.toMatchObject({
      ok: false,
      status: 400,
      code: 'invalid_content_encoding',
    });
    await expect(send(Buffer.from('x'), { 'content-encoding': 'zstd' })).resolves.toMatchObject({
      ok: false,
      status: 400,
      code: 'unsupported_content_encoding',
    });
  });
});
