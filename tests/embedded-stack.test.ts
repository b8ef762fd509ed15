import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { createLogger, createNatsBus } from '@modelgate/runtime';
import { OtlpCollector } from './support/otlp-collector';
import { expectFreshPublicStatus } from './support/public-status-fields';
import { baseEnv, eventually, getJson, ServiceProcess } from './support/service-process';

jest.setTimeout(180_000);

const RUNNING = /Modelgate is running at (http:\/\/\S+)/;
const METRICS = /Prometheus metrics (http:\/\/\S+)/;

async function startEmbedded(dataDir: string, otlpEndpoint: string): Promise<{ process: ServiceProcess; url: string; metricsUrl: string }> {
  // The embedded defaults: no DATABASE_URL, no NATS_URL — what `npm start` does on a bare machine.
  const process = new ServiceProcess(
    'embedded',
    'services/embedded/dist/main.js',
    baseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      MODELGATE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint,
      METRICS_PORT: '0',
    }),
  );
  const line = await process.waitFor((l) => RUNNING.test(l.msg ?? ''), 150_000);
  const metrics = await process.waitFor((l) => METRICS.test(l.msg ?? ''));
  return { process, url: RUNNING.exec(line.msg ?? '')![1]!, metricsUrl: METRICS.exec(metrics.msg ?? '')![1]! };
}

describe('npm start: the embedded stack on a fresh data directory', () => {
  let dataDir: string;
  let stack: { process: ServiceProcess; url: string; metricsUrl: string } | undefined;
  let collector: OtlpCollector;

  beforeAll(async () => {
    collector = await OtlpCollector.start();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'modelgate-embedded-'));
    stack = await startEmbedded(dataDir, collector.url);
  });

  afterAll(async () => {
    await stack?.process.stop().catch(() => undefined);
    await collector?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints its URL and the first sign-in', () => {
    const output = stack!.process.output.join('\n');
    expect(output).toMatch(/First sign-in: username root, password 123456/);
  });

  it('answers /api/status with every public status field', async () => {
    const res = await fetch(`${stack!.url}/api/status`);
    expect(res.status).toBe(200);
    expectFreshPublicStatus(await res.json());
  });

  it('answers unknown /api paths in the envelope and relay paths in the OpenAI shape', async () => {
    const api = await fetch(`${stack!.url}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: 'no such API: GET /api/does-not-exist' });

    const relay = await fetch(`${stack!.url}/v1/does-not-exist`, { method: 'POST', body: '{}' });
    expect(relay.status).toBe(404);
    expect(await relay.json()).toMatchObject({
      error: { message: 'Invalid URL (POST /v1/does-not-exist)', type: 'invalid_request_error' },
    });
  });

  it('serves one combined /metrics page for every service of the process, names not repeated', async () => {
    await fetch(`${stack!.url}/api/status`);
    const res = await fetch(stack!.metricsUrl);
    expect(res.status).toBe(200);
    const page = await res.text();
    const types = [...page.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!);
    expect(types.length).toBe(new Set(types).size);
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
      'modelgate_relay_requests_total',
      'modelgate_billing_usage_records_total',
      'modelgate_api_requests_total',
      'modelgate_task_unfinished',
      'modelgate_grpc_server_handled_total',
      'modelgate_dependency_up',
    ]) {
      expect(types).toContain(name);
    }
    expect(page).toMatch(/^modelgate_api_requests_total\{route="\/api\/status",method="GET",status="200"\} [1-9]/m);
    expect(page).toMatch(/^modelgate_dependency_up\{dependency="postgres"\} 1$/m);
    // The public port does not serve it.
    expect((await fetch(`${stack!.url}/metrics`)).headers.get('content-type')).not.toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('reports ready once every part is up', async () => {
    const { status, body } = await getJson(`${stack!.url}/readyz`);
    expect(status).toBe(200);
    expect(body.checks).toEqual({ identity: true, bus: true });
  });

  it('stops cleanly on SIGTERM, flushing its traces, and keeps its data across a restart', async () => {
    expect(await stack!.process.stop()).toBe(0);

    // One trace runs from the HTTP request through edge's gRPC call into identity.
    const served = collector.spans.find(
      (span) => span.name === 'modelgate.identity.v1.IdentityService/GetPublicStatus' && span.kind === 2,
    );
    expect(served).toBeDefined();
    const trace = collector.spans.filter((span) => span.traceId === served!.traceId);
    expect(trace.some((span) => span.kind === 3 && span.name === served!.name)).toBe(true);
    expect(trace.some((span) => span.kind === 2 && span.name.startsWith('GET'))).toBe(true);

    stack = await startEmbedded(dataDir, collector.url);
    const output = stack.process.output.join('\n');
    expect(output).not.toMatch(/First sign-in/);
    const res = await fetch(`${stack.url}/api/status`);
    expectFreshPublicStatus(await res.json());
  });
});

const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;

// `npm start` with DATABASE_URL and NATS_URL set uses those servers instead of embedded ones.
if (databaseUrl && natsUrl) {
  describe('npm start with DATABASE_URL and NATS_URL set', () => {
    const namespace = `emb${randomBytes(4).toString('hex')}`;
    let database: TestDatabase;
    let stack: ServiceProcess | undefined;
    let url = '';

    beforeAll(async () => {
      database = await createTestDatabase({ migrate: false });
      stack = new ServiceProcess(
        'embedded',
        'services/embedded/dist/main.js',
        baseEnv({
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          NATS_URL: natsUrl,
          NATS_NAMESPACE: namespace,
          LOG_LEVEL: 'warn',
        }),
      );
      const line = await stack.waitFor((l) => RUNNING.test(l.msg ?? ''), 60_000);
      url = RUNNING.exec(line.msg ?? '')![1]!;
    });

    afterAll(async () => {
      await stack?.stop().catch(() => undefined);
      await database?.drop();
    });

    it('migrates and seeds the external database', async () => {
      expectFreshPublicStatus((await getJson(`${url}/api/status`)).body);
      const { Client } = await import('pg');
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT username, role FROM users`);
        expect(rows).toEqual([{ username: 'root', role: 100 }]);
      } finally {
        await client.end();
      }
    });

    it('takes its change events from NATS', async () => {
      const bus = await createNatsBus({ registry: BUS_REGISTRY, url: natsUrl, namespace, logger: createLogger({ service: 'test', level: 'silent' }) });
      try {
        expect((await getJson(`${url}/api/status`)).body.data.system_name).toBe('Modelgate');
        await bus.publish('modelgate.evt.config.option.changed', {
          keys: ['SystemName'],
          values: { SystemName: 'Announced Over NATS' },
        });
        await eventually(
          async () => ((await getJson(`${url}/api/status`)).body.data.system_name === 'Announced Over NATS' ? true : undefined),
          1_000,
          'the stack applying the announced option',
        );
      } finally {
        await bus.close();
      }
    });
  });
}
