import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { isAppError } from '@modelgate/runtime';
import { BodyBudget } from './body-budget';
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

describe('readRequestBody with a body budget', () => {
  const LARGE = 4 * 1024;
  let server: Server;
  let port: number;
  let budget: BodyBudget;
  let inflight: Array<() => void> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const charge = budget.open(String(req.headers['x-owner'] ?? 'a'));
      readRequestBody(req, 64 * 1024, charge).then(
        (body) => {
          const held = { ...budget.stats(), charged: charge.bytes };
          const answer = () => {
            charge.release();
            res.end(JSON.stringify({ ok: true, length: body.length, held }));
          };
          // `x-hold`: the request stays in flight (its body charged) until the test lets it go.
          if (req.headers['x-hold']) inflight.push(answer);
          else answer();
        },
        (error: unknown) => {
          charge.release();
          req.resume();
          res.end(JSON.stringify({ ok: false, status: isAppError(error) ? error.httpStatus : 500, code: isAppError(error) ? error.code : '' }));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  beforeEach(() => {
    budget = new BodyBudget({ budgetBytes: 40 * 1024, largeBytes: LARGE, largePerOwner: 1 });
    inflight = [];
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function post(body: Buffer, headers: Record<string, string> = {}, chunked = false): Promise<Record<string, any>> {
    return new Promise((resolve, reject) => {
      const req = request(
        { port, host: '127.0.0.1', method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': body.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        },
      );
      req.on('error', reject);
      if (chunked) {
        for (let at = 0; at < body.length; at += 1024) req.write(body.subarray(at, at + 1024));
        req.end();
      } else {
        req.end(body);
      }
    });
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(check()).toBe(true);
  };

  it('charges a declared body before reading it and refuses a large one without room (429)', async () => {
    const first = post(Buffer.alloc(8 * 1024, 'a'), { 'x-hold': '1' });
    await until(() => inflight.length === 1);
    expect(budget.stats()).toEqual({ heldBytes: 8 * 1024, largeBodies: 1 });
    // Same owner, second large body: refused; a small one goes.
    await expect(post(Buffer.alloc(8 * 1024, 'b'))).resolves.toEqual({ ok: false, status: 429, code: 'too_many_large_requests' });
    await expect(post(Buffer.alloc(1024, 'c'))).resolves.toMatchObject({ ok: true, length: 1024 });
    // Another owner: a body that fits goes, one that does not is refused.
    await expect(post(Buffer.alloc(30 * 1024, 'd'), { 'x-owner': 'b' })).resolves.toMatchObject({ ok: true, held: { heldBytes: 38 * 1024 } });
    await expect(post(Buffer.alloc(33 * 1024, 'e'), { 'x-owner': 'b' })).resolves.toEqual({ ok: false, status: 429, code: 'relay_busy' });
    inflight.shift()!();
    await expect(first).resolves.toMatchObject({ ok: true, length: 8 * 1024 });
    expect(budget.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });

  it('charges a chunked body as it arrives and refuses it once it outgrows the room', async () => {
    await expect(post(Buffer.alloc(12 * 1024, 'a'), {}, true)).resolves.toMatchObject({ ok: true, held: { heldBytes: 12 * 1024, largeBodies: 1 } });
    const holder = post(Buffer.alloc(30 * 1024, 'a'), { 'x-hold': '1', 'x-owner': 'b' });
    await until(() => inflight.length === 1);
    await expect(post(Buffer.alloc(12 * 1024, 'a'), {}, true)).resolves.toMatchObject({ ok: false, status: 429, code: 'relay_busy' });
    inflight.shift()!();
    await holder;
    expect(budget.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });

  it('charges a compressed body by its decoded size as it inflates, and refuses it when that outgrows the room', async () => {
    const decoded = Buffer.alloc(20 * 1024, 'z');
    await expect(post(gzipSync(decoded), { 'content-encoding': 'gzip' })).resolves.toMatchObject({
      ok: true,
      length: decoded.length,
      held: { heldBytes: decoded.length, largeBodies: 1, charged: decoded.length },
    });
    // A small compressed body stays small: it goes while the owner's one large slot is taken.
    const holder = post(Buffer.alloc(8 * 1024, 'a'), { 'x-hold': '1' });
    await until(() => inflight.length === 1);
    await expect(post(gzipSync('tiny'), { 'content-encoding': 'gzip' })).resolves.toMatchObject({ ok: true, length: 4, held: { largeBodies: 1 } });
    // A bomb of a few hundred bytes is refused once its decoded size makes it large.
    const bomb = gzipSync(decoded);
    expect(bomb.length).toBeLessThan(LARGE);
    await expect(post(bomb, { 'content-encoding': 'gzip' })).resolves.toEqual({ ok: false, status: 429, code: 'too_many_large_requests' });
    inflight.shift()!();
    await holder;
    expect(budget.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });
});
