import { createDataSource, FixedOptions } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createLogger } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { ApiClients } from '../api-deps';
import { createEdgeApp } from '../app';
import type { SessionStore } from '../auth/session-store';
import { PublicStatusCache } from '../status/public-status-cache';
import { createProtection } from './protection';
import type { RateLimitSettings } from './rate-limit-config';
import { type HitCounter, RateLimitStore } from './rate-limit-store';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'rate-limit-test', level: 'silent' });
const pass: RequestHandler = (_req, _res, next) => next();
const LIMITED = { success: false, message: 'too many requests, please try again later' };

type Overrides = Partial<Record<keyof RateLimitSettings, Partial<RateLimitSettings['critical']>>>;

const limits = (overrides: Overrides = {}): RateLimitSettings => ({
  globalApi: { mark: 'GA', enabled: true, max: 4, windowMs: 60_000, ...overrides.globalApi },
  globalWeb: { mark: 'GW', enabled: true, max: 2, windowMs: 60_000, ...overrides.globalWeb },
  critical: { mark: 'CT', enabled: true, max: 3, windowMs: 60_000, ...overrides.critical },
});

/**
 * An edge app (one replica) whose limits count in `counter`; everything else is a stub. Its
 * believed proxies are TRUSTED_PROXIES' default (loopback) unless given.
 */
function edgeReplica(counter: HitCounter, settings = limits(), trustedProxies?: readonly string[]) {
  const protection = createProtection({
    options: new FixedOptions(),
    turnstileVerifyUrl: 'http://127.0.0.1:1',
    counter,
    limits: settings,
    logger,
  });
  return createEdgeApp({
    logger,
    statusCache: new PublicStatusCache({ logger, fetch: async () => ({ system_name: 'Modelgate' }) }),
    readiness: async () => ({ identity: true, bus: true }),
    sessions: {} as SessionStore,
    guards: { user: pass, admin: pass, root: pass },
    protect: protection.guards,
    globalLimits: protection.global,
    options: new FixedOptions(),
    clients: { oauth: { call: async () => ({ state: 'state-123' }) } } as unknown as ApiClients,
    trustedProxies,
  });
}

/** `GET path` as the client `address` (behind the test's loopback "proxy"); the HTTP status. */
const statusOf = async (app: ReturnType<typeof edgeReplica>, path: string, address?: string) => {
  const call = request(app).get(path);
  return (address ? await call.set('X-Forwarded-For', address) : await call).status;
};

describe('rate limits shared by edge replicas through PostgreSQL', () => {
  let database: MigratedTestDatabase;
  let secondConnection: DataSource;
  let storeA: RateLimitStore;
  let storeB: RateLimitStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two replicas: two pools on one database, as two edge processes would have.
    secondConnection = await createDataSource({ url: database.url, poolSize: 2, logger }).initialize();
    storeA = new RateLimitStore(database.dataSource);
    storeB = new RateLimitStore(secondConnection);
  });
  afterAll(async () => {
    await secondConnection?.destroy();
    await database?.drop();
  });
  beforeEach(() => database.dataSource.query(`DELETE FROM rate_limit_counters`));

  it('counts one client on every replica and answers 429 in the envelope', async () => {
    const [a, b] = [edgeReplica(storeA), edgeReplica(storeB)];
    expect(await statusOf(a, '/api/oauth/state', '203.0.113.1')).toBe(200);
    expect(await statusOf(b, '/api/oauth/state', '203.0.113.1')).toBe(200);
    expect(await statusOf(a, '/api/oauth/state', '203.0.113.1')).toBe(200);
    const refused = await request(b).get('/api/oauth/state').set('X-Forwarded-For', '203.0.113.1');
    expect([refused.status, refused.body]).toEqual([429, LIMITED]);
    // Another client has its own budget.
    expect(await statusOf(b, '/api/oauth/state', '203.0.113.2')).toBe(200);
    const rows = await database.dataSource.query(
      `SELECT bucket, sum(hits)::int AS hits FROM rate_limit_counters
       WHERE bucket LIKE 'CT:%' GROUP BY bucket ORDER BY bucket`,
    );
    expect(rows).toEqual([
      { bucket: 'CT:203.0.113.1', hits: 3 },
      { bucket: 'CT:203.0.113.2', hits: 1 },
    ]);
  });

  it('counts concurrent requests exactly', async () => {
    const [a, b] = [edgeReplica(storeA), edgeReplica(storeB)];
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => statusOf(i % 2 ? a : b, '/api/status', '198.51.100.4')),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('lets a client in again once its requests have left the window', async () => {
    const app = edgeReplica(storeA, limits({ critical: { max: 2, windowMs: 1_000 }, globalApi: { enabled: false } }));
    expect(await statusOf(app, '/api/oauth/state', '203.0.113.9')).toBe(200);
    expect(await statusOf(app, '/api/oauth/state', '203.0.113.9')).toBe(200);
    expect(await statusOf(app, '/api/oauth/state', '203.0.113.9')).toBe(429);
    // The sliding estimate forgets the old window gradually: within two windows at the latest.
    const started = Date.now();
    let status = 429;
    while (status === 429 && Date.now() - started < 2_500) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await statusOf(app, '/api/oauth/state', '203.0.113.9');
    }
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('limits the console paths apart from /api and never the probes', async () => {
    const app = edgeReplica(storeA);
    expect(await statusOf(app, '/console/page', '192.0.2.7')).toBe(404);
    expect(await statusOf(app, '/favicon.ico', '192.0.2.7')).toBe(404);
    const refused = await request(app).get('/console/page').set('X-Forwarded-For', '192.0.2.7');
    expect([refused.status, refused.body]).toEqual([429, LIMITED]);
    expect(await statusOf(app, '/api/status', '192.0.2.7')).toBe(200);
    for (let i = 0; i < 5; i++) expect(await statusOf(app, '/healthz', '192.0.2.7')).toBe(200);
  });

  it('lets the host itself past the global limits but not past the critical one', async () => {
    const app = edgeReplica(storeA);
    for (let i = 0; i < 8; i++) expect(await statusOf(app, '/api/status')).toBe(200);
    expect([await statusOf(app, '/api/oauth/state'), await statusOf(app, '/api/oauth/state')]).toEqual([200, 200]);
    expect([await statusOf(app, '/api/oauth/state'), await statusOf(app, '/api/oauth/state')]).toEqual([200, 429]);
  });

  it('believes X-Forwarded-For only from the believed proxies: loopback by default', async () => {
    const app = edgeReplica(storeA);
    // A client that names itself cannot escape its bucket: the nearest untrusted hop counts.
    for (const spoofed of ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4']) {
      expect(await statusOf(app, '/api/status', `${spoofed}, 203.0.113.50`)).toBe(200);
    }
    expect(await statusOf(app, '/api/status', '5.5.5.5, 203.0.113.50')).toBe(429);
    // A machine on a private network (a LAN client, a pod) is a client like any other, not a
    // proxy: it cannot pick its address, neither a fresh one per request nor the host's own.
    for (const spoofed of ['203.0.113.50', '127.0.0.1', '6.6.6.6', '::1']) {
      expect(await statusOf(app, '/api/status', `${spoofed}, 10.1.2.3`)).toBe(200);
    }
    expect(await statusOf(app, '/api/status', '7.7.7.7, 10.1.2.3')).toBe(429);
  });

  it('believes the proxies TRUSTED_PROXIES names, such as a cluster ingress range', async () => {
    const app = edgeReplica(storeA, limits(), ['loopback', '10.42.0.0/16']);
    for (let i = 0; i < 4; i++) expect(await statusOf(app, '/api/status', `203.0.113.60, 10.42.0.7`)).toBe(200);
    expect(await statusOf(app, '/api/status', '203.0.113.60, 10.42.9.9')).toBe(429);
    // Outside the range the hop itself is the client.
    expect(await statusOf(app, '/api/status', '203.0.113.60, 10.43.0.1')).toBe(200);
  });

  it('passes everything while a limit is disabled, and fails open when the counters are down', async () => {
    const disabled = edgeReplica(storeA, limits({ globalApi: { enabled: false } }));
    for (let i = 0; i < 6; i++) expect(await statusOf(disabled, '/api/status', '203.0.113.77')).toBe(200);
    const broken: HitCounter = { hit: async () => Promise.reject(new Error('database down')) };
    const open = edgeReplica(broken);
    for (let i = 0; i < 6; i++) expect(await statusOf(open, '/api/status', '203.0.113.78')).toBe(200);
  });

  it('purges the counters of windows that can no longer matter', async () => {
    await storeA.hit('GA:old', 5, 60_000);
    await storeA.hit('GA:new', 5, 60_000);
    await database.dataSource.query(`UPDATE rate_limit_counters SET expires_at = 0 WHERE bucket = 'GA:old'`);
    expect(await storeB.purgeExpired()).toBe(1);
    expect(await database.dataSource.query(`SELECT bucket FROM rate_limit_counters`)).toEqual([{ bucket: 'GA:new' }]);
  });
});
