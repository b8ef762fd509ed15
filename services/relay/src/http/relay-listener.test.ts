import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConsoleAuthMessage } from '@modelgate/access';
import { createLogger, PermissionDeniedError } from '@modelgate/runtime';
import { isPlaygroundPath, isRelayPath } from './relay-paths';
import { createRelayListener, type RelayListenerDeps } from './relay-listener';

describe('isRelayPath', () => {
  it.each([
    ['/v1', true],
    ['/v1/chat/completions', true],
    ['/v1beta/models/gemini-pro:generateContent', true],
    ['/pg/chat/completions', true],
    ['/pg', true],
    ['/pgx', false],
    ['/mj/submit/imagine', true],
    ['/mj-fast/mj/submit/imagine', true],
    ['/mj-slow/mj/submit/imagine', false],
    ['/suno/submit/music', true],
    ['/dashboard/billing/usage', true],
    ['/v1x', false],
    ['/api/status', false],
    ['/', false],
    ['/pricing', false],
  ])('%s → %s', (path, expected) => {
    expect(isRelayPath(path)).toBe(expected);
  });

  it.each([
    ['/pg/chat/completions', true],
    ['/pg', true],
    ['/pgx', false],
    ['/v1/chat/completions', false],
  ])('%s is the playground: %s', (path, expected) => {
    expect(isPlaygroundPath(path)).toBe(expected);
  });
});

describe('relay listener', () => {
  let server: Server;
  let base: string;
  const logger = createLogger({ service: 'relay-test', level: 'silent' });

  beforeAll(async () => {
    // Paths that no endpoint serves touch nothing but the logger; the playground refuses callers
    // without a session before it touches anything else.
    const sessions = {
      authenticate: () => Promise.reject(new PermissionDeniedError(ConsoleAuthMessage.banned, { code: 'user_banned' })),
    };
    const deps = { logger, sessions } as unknown as RelayListenerDeps;
    server = createServer(createRelayListener(deps));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a path no endpoint serves with the OpenAI 404 error object', async () => {
    const res = await fetch(`${base}/v1/no-such-endpoint?x=1`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: {
        message: 'Invalid URL (POST /v1/no-such-endpoint)',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_url',
      },
    });
  });

  it('answers a known but unimplemented OpenAI path with 501', async () => {
    const res = await fetch(`${base}/v1/files`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({
      error: { message: 'API not implemented', type: 'server_error', param: null, code: 'api_not_implemented' },
    });
  });

  it('logs a 501 at debug level without a stack: anyone may send them, they are no fault', async () => {
    const levels = (['error', 'warn', 'info', 'debug'] as const).map((level) => jest.spyOn(logger, level));
    try {
      const res = await fetch(`${base}/v1/assistants`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(501);
      const [error, warn, info, debug] = levels;
      expect([error!.mock.calls, warn!.mock.calls, info!.mock.calls]).toEqual([[], [], []]);
      // The line names the request itself: the relay carries no async request context without traces.
      const requestId = res.headers.get('x-request-id');
      expect(debug!.mock.calls).toEqual([[{ code: 'api_not_implemented', status: 501, reason: 'API not implemented', requestId }, 'relay request not served']]);
    } finally {
      levels.forEach((spy) => spy.mockRestore());
    }
  });

  it('gives every answer its own request id, whatever the client sends', async () => {
    const res = await fetch(`${base}/v1/x`, { headers: { 'X-Request-Id': 'client-chosen' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a CORS preflight without authentication', async () => {
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets any origin read answers, but never with the browser credentials', async () => {
    const res = await fetch(`${base}/v1/no-such-endpoint`, { headers: { Origin: 'https://app.example' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('vary')).toBe('Origin');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives the cookie-authenticated playground no CORS, and answers its refusals in the OpenAI shape', async () => {
    const preflight = await fetch(`${base}/pg/chat/completions`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'new-api-user' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const unsigned = await fetch(`${base}/pg/chat/completions`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('access-control-allow-origin')).toBeNull();
    expect(await unsigned.json()).toEqual({
      error: { message: ConsoleAuthMessage.notSignedIn, type: 'invalid_request_error', param: null, code: 'not_signed_in' },
    });

    const banned = await fetch(`${base}/pg/chat/completions`, {
      method: 'POST',
      headers: { Cookie: `session=${'a'.repeat(43)}`, 'New-Api-User': '7' },
      body: '{}',
    });
    expect(banned.status).toBe(403);
    expect(((await banned.json()) as { error: { code: string } }).error.code).toBe('user_banned');
  });
});
