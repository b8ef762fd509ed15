import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, isAppError } from '@modelgate/runtime';
import { OutboundPolicy } from '@modelgate/runtime/outbound';
import { fetchProviderJson, field, joinUrl, type ProviderCall } from './provider-http';

const logger = createLogger({ service: 'provider-http-test', level: 'silent' });

describe('provider HTTP calls', () => {
  let server: Server;
  let base: string;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
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

  it('calls OIDC and WeChat through the outbound address policy: an internal address reads as unreachable', async () => {
    const defaults = new OutboundPolicy({ allowedRanges: () => '' });
    const oidc = (): ProviderCall => ({ label: 'OIDC', signal: AbortSignal.timeout(2_000), logger, outbound: defaults });
    hits = 0;
    for (const url of [`${base}/json`, 'http://169.254.169.254/latest/meta-data/', 'http://localhost:1/.well-known/openid-configuration']) {
      const error = await fetchProviderJson(oidc(), url).catch((thrown: unknown) => thrown);
      expect(isAppError(error) && [error.code, error.message]).toEqual(['oauth_provider_unreachable', '无法连接至 OIDC 服务器，请稍后重试！']);
    }
    expect(hits).toBe(0);
    // Allowed by the root, the same call goes through.
    const allowing = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
    const answer = await fetchProviderJson({ ...oidc(), outbound: allowing }, `${base}/json`);
    expect(answer.status).toBe(200);
    await Promise.all([defaults.close(), allowing.close()]);
  });

  it('joins base URLs with or without a trailing slash', () => {
    expect(joinUrl('https://github.com/', '/login')).toBe('https://github.com/login');
    expect(joinUrl('http://h/prefix', '/x')).toBe('http://h/prefix/x');
  });
});
