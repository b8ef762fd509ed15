import { createLogger, UnavailableError } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import request from 'supertest';
import type { ApiClients } from './api-deps';
import { createEdgeApp } from './app';
import type { SessionStore } from './auth/session-store';
import { PublicStatusCache, type StatusData } from './status/public-status-cache';

const logger = createLogger({ service: 'edge-test', level: 'silent' });

function appWith(fetch: () => Promise<StatusData>, readiness = async () => ({ identity: true, bus: true })) {
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
    options: { get: () => '' },
    clients: {} as ApiClients,
  });
}

describe('edge /api', () => {
  it('answers GET /api/status in the envelope with no-store caching', async () => {
    const app = appWith(async () => ({ system_name: 'Modelgate', quota_per_unit: 500000 }));
    const res = await request(app).get('/api/status').expect(200);
    expect(res.body).toEqual({ success: true, message: '', data: { system_name: 'Modelgate', quota_per_unit: 500000 } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[a-f0-9]{32}$/);
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

  it('answers a malformed JSON body with a clear envelope error, not a stack trace', async () => {
    const res = await request(appWith(async () => ({})))
      .post('/api/status')
      .set('Content-Type', 'application/json')
      .send('{"broken": ')
      .expect(200);
    expect(res.body).toEqual({ success: false, message: 'invalid JSON in request body' });
    expect(JSON.stringify(res.body)).not.toMatch(/SyntaxError|at /);
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
