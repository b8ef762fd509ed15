import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, isAppError } from '@modelgate/runtime';
import { fetchProviderJson, field, joinUrl, type ProviderCall } from './provider-http';

const logger = createLogger({ service: 'provider-http-test', level: 'silent' });

describe('provider HTTP calls', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":12,"name":"n"}');
      if (req.url === '/html') return void res.writeHead(200).end('<html>a login page</html>');
      if (req.url === '/502') return void res.writeHead(502).end('<html>bad gateway</html>');
      // '/hang' never answers.
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const call = (timeoutMs = 2_000): ProviderCall => ({ label: 'GitHub', signal: AbortSignal.timeout(timeoutMs), logger });

  it('reads a JSON answer and its fields (numbers as text)', async () => {
    const answer = await fetchProviderJson(call(), `${base}/json`);
    expect(answer.status).toBe(200);
    const fields = [field(answer.body, 'id'), field(answer.body, 'name'), field(answer.body, 'missing'), field(null, 'id')];
    expect(fields).toEqual(['12', 'n', '', '']);
  });

  it('hands back a non-JSON answer without a body for the caller to judge', async () => {
    expect(await fetchProviderJson(call(), `${base}/html`)).toEqual({ status: 200, body: undefined });
  });

  it('turns a timeout, a refused connection or a 5xx answer into a clear business error', async () => {
    for (const [url, timeout] of [[`${base}/hang`, 200], ['http://127.0.0.1:1/x', 2_000], [`${base}/502`, 2_000]] as const) {
      const error = await fetchProviderJson(call(timeout), url).catch((thrown: unknown) => thrown);
      expect(isAppError(error) && [error.code, error.message, error.httpStatus]).toEqual([
        'oauth_provider_unreachable',
        '无法连接至 GitHub 服务器，请稍后重试！',
        400,
      ]);
    }
  });

  it('joins base URLs with or without a trailing slash', () => {
    expect(joinUrl('https://github.com/', '/login')).toBe('https://github.com/login');
    expect(joinUrl('http://h/prefix', '/x')).toBe('http://h/prefix/x');
  });
});
