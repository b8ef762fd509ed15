import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import OpenAI from 'openai';
import { Client } from 'pg';
import { parse } from 'yaml';
import { OtlpCollector, type ReceivedSpan } from './support/otlp-collector';
import { Prometheus } from './support/prometheus';
import { seedChannel, seedToken, seedUser, type Sql } from './support/relay-fixtures';
import { baseEnv, eventually, type LogLine, REPO_ROOT, ServiceProcess } from './support/service-process';

// The whole stack as separate processes on PostgreSQL and NATS, every service serving /metrics on
// its own port and exporting traces to an in-process OTLP receiver. A real Prometheus (Debian's
// package) scrapes them all; PromQL must give back exactly what was sent and what the consume
// logs record, and one trace must run from the relay's request to billing's settlement.

jest.setTimeout(180_000);

const natsUrl = process.env.NATS_URL;
const MODEL = 'mg-obs-model';
const SERVICES = ['billing', 'identity', 'relay', 'task', 'edge'] as const;
type Service = (typeof SERVICES)[number];

// Separate processes share only a real bus: this needs NATS_URL (CI always sets it).
if (natsUrl) describe('observability of the whole stack: metrics, traces and access logs', () => {
  const namespace = `obs${randomBytes(4).toString('hex')}`;
  const processes = new Map<Service, ServiceProcess>();
  const metricsPorts = new Map<Service, number>();
  const grpcPorts = new Map<Service, number>();
  let database: TestDatabase;
  let sql: Sql;
  let client: Client;
  let collector: OtlpCollector;
  let fake: FakeUpstream;
  let prometheus: Prometheus;
  let relayUrl = '';
  let edgeUrl = '';
  let apiKey = '';
  let limitedKey = '';
  let userId = 0;
  let channelId = 0;

  const start = async (name: Service, env: Record<string, string>) => {
    const child = new ServiceProcess(
      name,
      `services/${name}/dist/main.js`,
      baseEnv({
        DATABASE_URL: database.url,
        NATS_URL: natsUrl,
        NATS_NAMESPACE: namespace,
        GRPC_PORT: '0',
        DATABASE_POOL_SIZE: '3',
        METRICS_PORT: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        ...env,
      }),
    );
    processes.set(name, child);
    const metrics = await child.waitFor((l) => l.msg === 'metrics listening');
    metricsPorts.set(name, Number(metrics.port));
    return child;
  };
  const ready = async (name: Service) => {
    const line = await processes.get(name)!.waitFor((l) => l.msg === `${name} service ready`);
    grpcPorts.set(name, Number(line.grpc_port));
  };
  const address = (name: Service) => `127.0.0.1:${grpcPorts.get(name)}`;

  beforeAll(async () => {
    collector = await OtlpCollector.start();
    fake = await startFakeUpstream();
    database = await createTestDatabase({ migrate: false });
    client = new Client({ connectionString: database.url });
    await client.connect();
    sql = async (text, parameters = []) => (await client.query(text, parameters)).rows;
    const migrate = new ServiceProcess('migrate', 'packages/db/dist/cli/migrate.js', baseEnv({ DATABASE_URL: database.url }), ['up']);
    expect(await migrate.exitCode(90_000)).toBe(0);
    // Prices, the test's user, token and channel, all there before the services load them.
    await sql(`UPDATE options SET value = $1 WHERE key = 'ModelRatio'`, [JSON.stringify({ [MODEL]: 1.5 })]);
    await sql(`INSERT INTO options (key, value) VALUES ('OutboundAllowedRanges', '127.0.0.0/8,::1')
               ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    userId = await seedUser(sql, 100_000_000);
    apiKey = (await seedToken(sql, { userId })).apiKey;
    channelId = await seedChannel(sql, { baseUrl: fake.url, models: [MODEL], autoBan: false });
    // A token of another user allowed 1 token per minute: its second request is refused.
    const limited = await seedToken(sql, { userId: await seedUser(sql, 100_000_000) });
    await sql(`UPDATE tokens SET rate_limit_tpm = 1 WHERE id = $1`, [limited.id]);
    limitedKey = limited.apiKey;

    await start('billing', {});
    await ready('billing');
    await Promise.all([
      start('identity', { BILLING_GRPC_ADDR: address('billing') }),
      start('relay', { PORT: '0', HOST: '127.0.0.1', BILLING_GRPC_ADDR: address('billing'), ACCESS_LOG: 'all' }),
      start('task', {}),
    ]);
    await Promise.all([ready('identity'), ready('relay'), ready('task')]);
    relayUrl = `http://127.0.0.1:${String((await processes.get('relay')!.waitFor((l) => l.msg === 'relay HTTP listening')).port)}`;
    const edge = await start('edge', {
      PORT: '0',
      HOST: '127.0.0.1',
      IDENTITY_GRPC_ADDR: address('identity'),
      BILLING_GRPC_ADDR: address('billing'),
      RELAY_GRPC_ADDR: address('relay'),
      TASK_GRPC_ADDR: address('task'),
    });
    edgeUrl = `http://127.0.0.1:${String((await edge.waitFor((l) => l.msg === 'edge HTTP listening')).port)}`;
    await edge.waitFor((l) => l.msg === 'edge ready');

    // The chart's alerts are loaded too: they must evaluate against what the services serve.
    prometheus = await Prometheus.start(
      SERVICES.map((name) => ({
        job: `modelgate-${name}`,
        targets: [`127.0.0.1:${metricsPorts.get(name)}`],
        labels: { app_kubernetes_io_part_of: 'modelgate', app_kubernetes_io_component: name },
      })),
      { ruleFiles: [path.join(REPO_ROOT, 'charts/modelgate/files/prometheus-rules.yaml')] },
    );
  });

  afterAll(async () => {
    await prometheus?.stop();
    await Promise.all([...processes.values()].map((child) => child.stop().catch(() => undefined)));
    await collector?.close();
    await fake?.close();
    await client?.end();
    await database?.drop();
  });

  /** Polls a PromQL query until it returns `expected` (Prometheus scrapes every second). */
  const promqlEquals = async (promql: string, expected: number) => {
    let last: number | undefined;
    await eventually(async () => ((last = await prometheus.scalar(promql)) === expected ? true : undefined), 20_000, `${promql} == ${expected}`).catch(
      (error: unknown) => {
        throw new Error(`${String(error)} (last value ${last})`);
      },
    );
  };

  it('scrapes every service off its own port and sees PostgreSQL and NATS up from each', async () => {
    await eventually(async () => {
      const targets = await prometheus.targets();
      return targets.length === SERVICES.length && targets.every((t) => t.health === 'up') ? true : undefined;
    }, 20_000, 'every target up');
    await promqlEquals('count(modelgate_dependency_up == 1)', SERVICES.length * 2);
    await promqlEquals('count(up{app_kubernetes_io_part_of="modelgate"} == 1)', SERVICES.length);
    // Node's process metrics come from every process.
    await promqlEquals('count(nodejs_eventloop_lag_p99_seconds)', SERVICES.length);
    // The public port does not serve them.
    expect((await fetch(`${relayUrl}/metrics`)).status).toBe(404);
  });

  it('counts requests, tokens and quota exactly as sent and as the consume logs record them', async () => {
    const openai = new OpenAI({ baseURL: `${relayUrl}/v1`, apiKey, maxRetries: 0 });
    for (let i = 0; i < 3; i++) {
      await openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: `Hello number ${i}` }] });
    }
    for (let i = 0; i < 2; i++) {
      const stream = await openai.chat.completions.create({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'Stream please' }] });
      for await (const _chunk of stream) {
        // read it all
      }
    }
    // A model no channel lists: one `other` label value, never the client's text.
    await expect(openai.chat.completions.create({ model: 'client-made-up-model-1234', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 404 });

    const logs = await eventually(async () => {
      const rows = await sql<{ prompt_tokens: number; completion_tokens: number; quota: number }>(
        `SELECT prompt_tokens, completion_tokens, quota FROM logs WHERE type = 2 AND user_id = $1`,
        [userId],
      );
      return rows.length === 5 ? rows : undefined;
    }, 20_000, 'five consume logs');
    const sum = (key: 'prompt_tokens' | 'completion_tokens' | 'quota') => logs.reduce((total, row) => total + Number(row[key]), 0);
    expect(sum('quota')).toBeGreaterThan(0);

    await promqlEquals(`sum(modelgate_relay_requests_total{model="${MODEL}",outcome="2xx",channel="${channelId}",group="default"})`, 5);
    await promqlEquals('sum(modelgate_relay_requests_total{model="other",outcome="4xx"})', 1);
    expect(await prometheus.query('{__name__=~"modelgate_.*", model="client-made-up-model-1234"}')).toEqual([]);
    await promqlEquals(`sum(modelgate_relay_tokens_total{model="${MODEL}",kind="prompt"})`, sum('prompt_tokens'));
    await promqlEquals(`sum(modelgate_relay_tokens_total{model="${MODEL}",kind="completion"})`, sum('completion_tokens'));
    await promqlEquals(`sum(modelgate_relay_quota_charged_total{model="${MODEL}"})`, sum('quota'));
    await promqlEquals('sum(modelgate_billing_quota_settled_total)', sum('quota'));
    await promqlEquals('sum(modelgate_billing_usage_records_total{result="settled"})', 5);
    await promqlEquals('sum(modelgate_relay_usage_records_published_total)', 5);
    // The consumers' backlog, read from JetStream by billing at scrape time: both (settlement
    // batches and refunds), drained.
    await promqlEquals('count(modelgate_billing_consumer_pending)', 2);
    await promqlEquals('sum(modelgate_billing_consumer_pending) + sum(modelgate_billing_consumer_ack_pending)', 0);
    await promqlEquals('sum(modelgate_billing_settlement_lag_seconds_count)', await prometheus.scalar('sum(modelgate_billing_usage_batch_size_count)'));
    await promqlEquals(`sum(modelgate_relay_time_to_first_token_seconds_count{model="${MODEL}"})`, 5);
    await promqlEquals(`sum(modelgate_relay_upstream_duration_seconds_count{channel="${channelId}",outcome="ok"})`, 5);
    await promqlEquals('sum(modelgate_relay_requests_in_flight)', 0);
    await promqlEquals('max(modelgate_relay_channels{state="enabled"})', 1);
    // The relay's gRPC server counts what billing and edge call it for; billing's counts the relay's reservations.
    expect(await prometheus.scalar('sum(modelgate_grpc_server_handled_total{job="modelgate-billing",grpc_code="OK"})')).toBeGreaterThan(0);
  });

  it('counts a request refused by a rate limit under its scope', async () => {
    const openai = new OpenAI({ baseURL: `${relayUrl}/v1`, apiKey: limitedKey, maxRetries: 0 });
    const send = () => openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] });
    await send();
    // The first request's tokens count once it has finished on the relay's side.
    let refused: unknown;
    for (let i = 0; i < 20 && refused === undefined; i++) refused = await send().then(() => undefined, (error: unknown) => error);
    expect(refused).toMatchObject({ status: 429 });
    await promqlEquals('sum(modelgate_relay_rate_limited_total{scope="token"})', 1);
  });

  it('counts /api requests by route template and sign-ins by outcome', async () => {
    const login = (password: string) =>
      fetch(`${edgeUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'root', password }),
      }).then(async (res) => (await res.json()) as { success: boolean });
    expect((await login('123456')).success).toBe(true);
    expect((await login('not-the-password')).success).toBe(false);
    await fetch(`${edgeUrl}/api/user/12345`);

    await promqlEquals('sum(modelgate_edge_sign_ins_total{method="password",outcome="success"})', 1);
    await promqlEquals('sum(modelgate_edge_sign_ins_total{method="password",outcome="failure"})', 1);
    await promqlEquals('sum(modelgate_api_requests_total{route="/api/user/login",method="POST"})', 2);
    await promqlEquals('sum(modelgate_api_requests_total{route="/api/user/:id",method="GET"})', 1);
    expect(await prometheus.query('modelgate_api_requests_total{route=~".*12345.*"}')).toEqual([]);
    await promqlEquals('sum(modelgate_edge_active_sessions)', 1);
  });

  it('evaluates every alert of the chart against the live services, none firing on a healthy stack', async () => {
    const rules = await eventually(async () => {
      const loaded = await prometheus.rules();
      return loaded.length > 0 && loaded.every((rule) => rule.health === 'ok') ? loaded : undefined;
    }, 20_000, 'every rule evaluated');
    expect(rules.length).toBeGreaterThanOrEqual(11);
    expect(rules.filter((rule) => rule.state === 'firing' || rule.state === 'pending').map((rule) => rule.name)).toEqual([]);
  });

  it('serves every metric the chart’s alerts and dashboards use', async () => {
    const pages = await Promise.all(SERVICES.map(async (name) => (await fetch(`http://127.0.0.1:${metricsPorts.get(name)}/metrics`)).text()));
    const served = new Set(pages.flatMap((page) => [...page.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!)));
    const operatorSource = readFileSync(path.join(REPO_ROOT, 'operator/src/observability/operator-metrics.ts'), 'utf8');
    const rules = readFileSync(path.join(REPO_ROOT, 'charts/modelgate/files/prometheus-rules.yaml'), 'utf8');
    const dashboards = ['overview', 'channels', 'billing', 'operator'].map((name) =>
      readFileSync(path.join(REPO_ROOT, `charts/modelgate/files/dashboards/${name}.json`), 'utf8'),
    );
    expect(parse(rules).groups.length).toBeGreaterThan(0);
    const used = new Set(
      [rules, ...dashboards].flatMap((text) => [...text.matchAll(/\b((?:modelgate|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|sum|count)$/, ''))),
    );
    expect(used.size).toBeGreaterThan(30);
    const missing = [...used].filter((name) => (name.startsWith('modelgate_operator_') ? !operatorSource.includes(`'${name}'`) : !served.has(name)));
    expect(missing).toEqual([]);
  });

  it('carries one trace from the relay’s request through the upstream call to billing’s settlement', async () => {
    const settled = await eventually(
      async () => collector.spans.find((s) => s.service === 'modelgate-billing' && s.kind === 5 && s.name.endsWith('usage.settle-batch')),
      20_000,
      'billing’s settlement span',
    );
    const spans = () => collector.spans.filter((s) => s.traceId === settled.traceId);
    const has = (service: string, predicate: (s: ReceivedSpan) => boolean) => spans().some((s) => s.service === service && predicate(s));
    await eventually(async () => (has('modelgate-billing', (s) => /^(pg\.query|UPDATE|INSERT|SELECT)/.test(s.name)) ? true : undefined), 10_000, 'settlement SQL spans');
    // Each process exports its spans in batches (every 5 s): the relay's may come after billing's.
    await eventually(async () => (has('modelgate-relay', (s) => s.kind === 2 && s.parentSpanId === '') ? true : undefined), 10_000, 'the relay’s request span');
    expect(has('modelgate-relay', (s) => s.name === 'relay select channel')).toBe(true);
    // The upstream call (undici) and the usage record's publish, in the relay.
    expect(has('modelgate-relay', (s) => s.kind === 3 && s.name.startsWith('POST'))).toBe(true);
    expect(has('modelgate-relay', (s) => s.kind === 4 && s.name.endsWith('usage.settle-batch'))).toBe(true);
    // …and the settlement is a child of that publish.
    const publish = spans().find((s) => s.kind === 4 && s.name.endsWith('usage.settle-batch'))!;
    expect(settled.parentSpanId).toBe(publish.spanId);
  });

  it('carries one trace from edge through gRPC into identity and its database', async () => {
    const served = await eventually(
      async () => collector.spans.find((s) => s.service === 'modelgate-identity' && s.kind === 2 && s.name.endsWith('/Login')),
      20_000,
      'identity’s Login span',
    );
    const spans = () => collector.spans.filter((s) => s.traceId === served.traceId);
    await eventually(async () => (spans().some((s) => s.service === 'modelgate-identity' && s.kind === 3 && /^(pg\.query|SELECT|UPDATE)/.test(s.name)) ? true : undefined), 10_000, 'identity’s SQL span');
    // Edge exports its own batch, perhaps after identity's.
    await eventually(async () => (spans().some((s) => s.service === 'modelgate-edge' && s.kind === 2 && s.name.startsWith('POST')) ? true : undefined), 10_000, 'edge’s request span');
    expect(spans().some((s) => s.service === 'modelgate-edge' && s.kind === 3 && s.name.endsWith('/Login'))).toBe(true);
  });

  it('writes one access-log line per request with its request id, trace id, route, status, duration, model and channel', async () => {
    const isRequest = (l: LogLine) => l.msg === 'request';
    const edgeLine = await processes.get('edge')!.waitFor((l) => isRequest(l) && l.route === '/api/user/:id');
    expect(edgeLine).toMatchObject({ level: 'info', method: 'GET', status: expect.any(Number), request_id: expect.any(String), trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(typeof edgeLine.duration_ms).toBe('number');
    const relay = processes.get('relay')!;
    const relayLine = await relay.waitFor((l) => isRequest(l) && l.model === MODEL);
    expect(relayLine).toMatchObject({ level: 'info', status: 200, channel: String(channelId), route: expect.stringContaining('openai') });
    // A client's mistake (404 for an unknown model) is logged, but not as an error.
    const refused = await relay.waitFor((l) => isRequest(l) && l.status === 404 && String(l.route).includes('chat'));
    expect(refused.level).toBe('info');
    expect(refused.model).toBe('other');
  });
});
