import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LoadJob, runLoadJob } from './load-worker';

describe('runLoadJob', () => {
  let server: Server;
  let opened = 0;
  let url = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    server.on('connection', () => opened++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const job = (overrides: Partial<LoadJob>): LoadJob => ({
    request: { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    connections: 1,
    warmupS: 1,
    durationS: 1,
    ttfcS: 0,
    ...overrides,
  });

  it('warms up and measures on the same number of connections by default', async () => {
    opened = 0;
    const outcome = await runLoadJob(job({}));
    expect(outcome.ok).toBeGreaterThan(0);
    expect(opened).toBe(2);
  });

  it('opens one warm-up connection per worker when a relay runs several, then measures on the asked count', async () => {
    opened = 0;
    const outcome = await runLoadJob(job({ warmupConnections: 3 }));
    expect(outcome.ok).toBeGreaterThan(0);
    expect(opened).toBe(4);
  });
});
