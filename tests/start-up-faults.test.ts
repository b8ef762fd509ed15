import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { baseEnv, eventually, getJson, ServiceProcess } from './support/service-process';

jest.setTimeout(60_000);

// Nothing listens on port 1 of the loopback interface: a dependency that is down.
const DOWN_DATABASE = 'postgresql://postgres@127.0.0.1:1/modelgate';
const DOWN_NATS = 'nats://127.0.0.1:1';

describe('a service started alone, when something is wrong', () => {
  it('refuses an invalid environment with exit code 78 and names every invalid variable', async () => {
    const identity = new ServiceProcess(
      'identity',
      'services/identity/dist/main.js',
      baseEnv({ GRPC_PORT: 'not-a-port', LOG_LEVEL: 'chatty' }),
    );
    expect(await identity.exitCode()).toBe(78);
    const output = identity.output.join('\n');
    expect(output).toMatch(/invalid configuration \(4 problems\)/);
    for (const variable of ['LOG_LEVEL', 'DATABASE_URL', 'NATS_URL', 'GRPC_PORT']) {
      expect(output).toContain(`- ${variable}:`);
    }
  });

  it.each(['billing', 'edge'])('refuses to start %s without the deployment’s gRPC secret, or with a weak one it never prints', async (service) => {
    const missing = new ServiceProcess(service, `services/${service}/dist/main.js`, baseEnv({ DATABASE_URL: DOWN_DATABASE, NATS_URL: DOWN_NATS, GRPC_SECRET: undefined }));
    expect(await missing.exitCode()).toBe(78);
    expect(missing.output.join('\n')).toMatch(/invalid configuration \(1 problem\):\n\s+- GRPC_SECRET: is required/);

    const weakSecret = 'too-short-to-guess-0123';
    const weak = new ServiceProcess(service, `services/${service}/dist/main.js`, baseEnv({ DATABASE_URL: DOWN_DATABASE, NATS_URL: DOWN_NATS, GRPC_SECRET: weakSecret }));
    expect(await weak.exitCode()).toBe(78);
    expect(weak.output.join('\n')).toMatch(/- GRPC_SECRET: must be at least 32 characters/);
    expect(weak.output.join('\n')).not.toContain(weakSecret);
  });

  it('retries an unreachable database with a clear log line instead of crash-looping, and still stops on SIGTERM', async () => {
    const billing = new ServiceProcess(
      'billing',
      'services/billing/dist/main.js',
      baseEnv({ DATABASE_URL: DOWN_DATABASE, NATS_URL: DOWN_NATS, GRPC_HOST: '127.0.0.1', GRPC_PORT: '0' }),
    );
    try {
      const retry = (attempt: number) => (line: { msg?: string; attempt?: unknown }) =>
        line.msg === 'cannot connect to PostgreSQL yet; retrying' && line.attempt === attempt;
      await billing.waitFor(retry(1));
      await billing.waitFor(retry(2));
      expect(billing.output.join('\n')).toContain('ECONNREFUSED');
      expect(await billing.stop()).toBe(0);
    } finally {
      await billing.stop().catch(() => undefined);
    }
  });

  it('keeps edge alive but not ready while its database is unreachable', async () => {
    const edge = new ServiceProcess(
      'edge',
      'services/edge/dist/main.js',
      baseEnv({ DATABASE_URL: DOWN_DATABASE, NATS_URL: DOWN_NATS, PORT: '0', HOST: '127.0.0.1' }),
    );
    try {
      const listening = await edge.waitFor((line) => line.msg === 'edge HTTP listening');
      const url = `http://127.0.0.1:${String(listening.port)}`;
      await edge.waitFor((line) => line.msg === 'cannot connect to PostgreSQL yet; retrying');
      expect(await getJson(`${url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
      const readiness = await eventually(async () => getJson(`${url}/readyz`), 5_000, 'a readiness answer');
      expect(readiness).toEqual({ status: 503, body: { status: 'not ready', checks: { database: false, bus: false } } });
      expect(await edge.stop()).toBe(0);
    } finally {
      await edge.stop().catch(() => undefined);
    }
  });

  it('lets npm start be stopped while it still waits for NATS, closing its embedded database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'modelgate-stop-early-'));
    const stack = new ServiceProcess(
      'embedded',
      'services/embedded/dist/main.js',
      baseEnv({ NATS_URL: DOWN_NATS, PORT: '0', HOST: '127.0.0.1', MODELGATE_DATA_DIR: dataDir }),
    );
    try {
      await stack.waitFor((line) => /^cannot connect to NATS at .* yet; retrying$/.test(line.msg ?? ''));
      expect(await stack.stop()).toBe(0);
      expect(stack.lines.some((line) => line.msg === 'embedded database stopped')).toBe(true);
      expect(stack.output.join('\n')).not.toMatch(/failed to start/);
    } finally {
      await stack.stop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
