import { FixedOptions } from '@modelgate/db';
import { createLogger, UnavailableError } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import request from 'supertest';
import type { ApiClients } from './api-deps';
import { createEdgeApp } from './app';
import type { SessionStore } from './auth/session-store';
import { PublicStatusCache, type StatusData } from './status/public-status-cache';

const logger = createLogger({ service: 'edge-test', level: 'silent' });

function appWith(
  fetch: () => Promise<StatusData>,
  readiness = async () => ({ identity: true, bus: true }),
  trustedProxies?: readonly string[],
) {
  // Only the envelope, status and probe behaviour is under test: no route here reaches these.
  const pass: RequestHandler = (_req, _res, next) => next();
  return createEdgeApp({
    logger,
    statusCache: new PublicStatusCache({ logger, fetch }),
    readiness,
    sessions: {} as SessionStore,
    guards: { user: pass, admin: pass, root: pass },
    protect: { critical: pass, turnstile: pass },
    globalLimits: { api: pass, web: pass },
    options: new FixedOptions(),
    clients: {} as ApiClients,
    ...(trustedProxies ? { trustedProxies } : {}),
  });
}

describe('edge /api', () => {
  it('answers GET /api/status in the envelope with no-store caching', async () => {
    const app = appWith(async () => ({ system_name: 'Modelgate', quota_per_unit: 500000 }));
    const res = await request(app).get('/api/status').expect(200);
    expect(res.body).toEqual({
      success: true,
      message: '',
      data: { system_name: 'Modelgate', quota_per_unit: 500000, server_address: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), setup: true },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[a-f0-9]{32}$/);
  });

  it('names the configured server address, else the origin the request reached (proxies believed only when trusted)', async () => {
    const configured = appWith(async () => ({ server_address: 'https://gw.example.com' }));
    expect((await request(configured).get('/api/status')).body.data.server_address).toBe('https://gw.example.com');
    const empty = appWith(async () => ({ server_address: '' }));
    const forwarded = await request(empty).get('/api/status').set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'gw.example.com:8443');
    // The test client connects over loopback, which TRUSTED_PROXIES believes by default.
    expect(forwarded.body.data.server_address).toBe('https://gw.example.com:8443');
    const untrusted = appWith(async () => ({ server_address: '' }), undefined, []);
    const direct = await request(untrusted).get('/api/status').set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'evil.example');
    expect(direct.body.data.server_address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers the reference’s first-run calls: set up already, a second set-up refused', async () => {
    const app = appWith(async () => ({}));
    expect((await request(app).get('/api/setup').expect(200)).body).toEqual({
      success: true,
      message: '',
      data: { status: true, root_init: true, database_type: '' },
    });
    const again = await request(app).post('/api/setup').send({ username: 'admin', password: 'password123', confirmPassword: 'password123' }).expect(200);
    expect(again.body).toEqual({ success: false, message: '系统已经初始化完成' });
    expect(again.headers['modelgate-message-code']).toBe('already_set_up');
  });

  it('keeps a well-formed caller request id', async () => {
    const app = appWith(async () => ({}));
    const res = await request(app).get('/api/status').set('X-Request-Id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('answers an unknown /api path with 404 in the envelope shape', async () => {
    const res = await request(appWith(async () => ({}))).get('/api/nope').expect(404);
    expect(res.body).toEqual({ success: false, message: 'no such API: GET /api/nope' });
  });

  it('answers a path neither /api nor the console serves with 404 in the envelope, not an HTML page', async () => {
    const res = await request(appWith(async () => ({}))).post('//api/status').expect(404);
    expect(res.body).toEqual({ success: false, message: 'no such path: POST //api/status' });
  });

  it('answers a malformed JSON body with a clear envelope error, not a stack trace', async () => {
    const res = await request(appWith(async () => ({})))
      .post('/api/status')
      .set('Content-Type', 'application/json')
      .send('{"broken": ')
      .expect(200);
    expect(res.body).toEqual({ success: false, message: 'invalid JSON in request body' });
    expect(JSON.stringify(res.body)).not.toMatch(/SyntaxError|at /);
    // The stable code travels beside the reference's body, for the console's own wording.
    expect(res.headers['modelgate-message-code']).toBe('invalid_json');
    expect(res.headers['modelgate-message-params']).toBeUndefined();
  });

  it('hides the cause of a fault behind a generic 500 message', async () => {
    const res = await request(appWith(async () => Promise.reject(new Error('secret detail')))).get('/api/status').expect(500);
    expect(res.body.success).toBe(false);
    expect(res.body.message).not.toContain('secret detail');
  });

  it('answers 503 when identity is unavailable', async () => {
    const res = await request(appWith(async () => Promise.reject(new UnavailableError('no identity')))).get('/api/status').expect(503);
    expect(res.body).toEqual({ success: false, message: 'service temporarily unavailable, please retry later' });
  });
});

describe('edge /api: malformed requests are client errors, never a 500', () => {
  const app = () => appWith(async () => ({ system_name: 'Modelgate' }));
  const refusal = (res: request.Response) => ({ status: res.status, body: res.body });

  it('refuses a path id with a malformed percent-encoding', async () => {
    expect(refusal(await request(app()).get('/api/token/%zz'))).toEqual({
      status: 200,
      body: { success: false, message: 'malformed percent-encoding in the request path' },
    });
  });

  it('reads charset=utf8 as UTF-8 and refuses charsets JSON does not use', async () => {
    const post = (type: string) => request(app()).post('/api/status').set('Content-Type', type).send(Buffer.from('{"name":"é"}'));
    // Read, then answered by the route table: no route takes a POST here.
    for (const type of ['application/json; charset=utf8', 'application/json; charset="UTF8"', 'application/json;charset=utf-8']) {
      expect(refusal(await post(type))).toEqual({ status: 404, body: { success: false, message: 'no such API: POST /api/status' } });
    }
    for (const type of ['application/json; charset=latin1', 'application/json; charset=utf-9']) {
      expect(refusal(await post(type))).toEqual({ status: 200, body: { success: false, message: 'unsupported request body charset: send UTF-8' } });
    }
  });

  it.each(['gzip', 'deflate', 'br'])('refuses a corrupt %s body', async (encoding) => {
    const res = await request(app())
      .post('/api/status')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .send(Buffer.from('this is not compressed at all'));
    expect(refusal(res)).toEqual({ status: 200, body: { success: false, message: 'request body cannot be decompressed' } });
  });

  it('refuses a NUL in the path, the query or anywhere in the JSON body', async () => {
    const nul = { status: 200, body: { success: false, message: '输入不合法：请求不能包含空字符（NUL）' } };
    expect(refusal(await request(app()).get('/api/status?x=a%00b'))).toEqual(nul);
    expect(refusal(await request(app()).get('/api/no%00such'))).toEqual(nul);
    for (const body of [{ username: 'a\u0000' }, { list: [1, { deep: ['x', 'y\u0000'] }] }, { 'key\u0000': 1 }]) {
      expect(refusal(await request(app()).post('/api/status').send(body))).toEqual(nul);
    }
    // A deeply nested body is walked without overflowing the stack.
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    expect(refusal(await request(app()).post('/api/status').set('Content-Type', 'application/json').send(deep))).toEqual(nul);
    // `%2500` is the text `%00`, not a NUL.
    expect((await request(app()).get('/api/status?x=%2500')).status).toBe(200);
  });

  it('answers OPTIONS with 204 and no body', async () => {
    for (const path of ['/api/status', '/api/user/login', '/api/token/1', '/api/nope']) {
      const res = await request(app()).options(path).set('Origin', 'https://elsewhere.example').set('Access-Control-Request-Method', 'POST');
      expect([path, res.status, res.text]).toEqual([path, 204, '']);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('edge probes', () => {
  it('reports liveness always and readiness per dependency', async () => {
    let identityUp = false;
    const app = appWith(async () => ({}), async () => ({ identity: identityUp, bus: true }));
    await request(app).get('/healthz').expect(200, { status: 'ok' });
    const notReady = await request(app).get('/readyz').expect(503);
    expect(notReady.body.checks).toEqual({ identity: false, bus: true });
    identityUp = true;
    await request(app).get('/readyz').expect(200);
  });
});
