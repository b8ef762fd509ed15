import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@modelgate/runtime';
import { isRelayPath } from './relay-paths';
import { createRelayListener } from './relay-listener';

describe('isRelayPath', () => {
  it.each([
    ['/v1', true],
    ['/v1/chat/completions', true],
    ['/v1beta/models/gemini-pro:generateContent', true],
    ['/pg/chat/completions', true],
    ['/mj/submit/imagine', true],
    ['/suno/submit/music', true],
    ['/dashboard/billing/usage', true],
    ['/v1x', false],
    ['/api/status', false],
    ['/', false],
    ['/pricing', false],
  ])('%s → %s', (path, expected) => {
    expect(isRelayPath(path)).toBe(expected);
  });
});

describe('relay listener', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer(createRelayListener({ logger: createLogger({ service: 'relay-test', level: 'silent' }) }));
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
});
