import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { ApiClient } from './support/api-client';
import { TEST_OUTBOUND_ALLOWED_RANGES } from './support/relay-fixtures';
import { baseEnv, eventually, type LogLine, ServiceProcess } from './support/service-process';

jest.setTimeout(240_000);

const RUNNING = /Modelgate is running at (http:\/\/\S+)/;
const METRICS = /Prometheus metrics (http:\/\/\S+)/;
const MODEL = 'gpt-4o-mini';

/** One chat completion on a connection of its own, so the cluster hands it to the next worker. */
function chat(url: string, key: string): Promise<{ status: number; body: Record<string, any> }> {
  const body = JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v1/chat/completions`,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, any> }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The access log's relayed chat completions after line `from`: the pids of the workers that served them. */
function chatWorkers(stack: ServiceProcess, from = 0): Set<unknown> {
  return new Set(
    stack.lines
      .slice(from)
      .filter((line: LogLine) => line.msg === 'request' && line.route === 'openai chat/completions')
      .map((line) => line.worker),
  );
}

/**
 * Through /api as root: loopback upstreams allowed, one channel of `model` on `upstream`, one
 * unlimited token. Every worker learns them from the change events.
 */
async function prepareRelaying(root: ApiClient, upstream: FakeUpstream): Promise<{ key: string; channelId: number }> {
  expect((await root.put('/api/option/', { key: 'OutboundAllowedRanges', value: TEST_OUTBOUND_ALLOWED_RANGES })).body.success).toBe(true);
  const created = await root.post('/api/channel/', { type: 1, name: 'workers', key: 'sk-first', base_url: upstream.url, models: [MODEL], group: 'default' });
  expect(created.body.success).toBe(true);
  expect((await root.post('/api/token/', { name: 'workers', unlimited_quota: true, expired_time: -1 })).body.success).toBe(true);
  return {
    key: `sk-${(await root.get('/api/token/')).body.data[0].key as string}`,
    channelId: (created.body.data as Array<{ id: number }>)[0]!.id,
  };
}

/**
 * Moves the channel to `next` through /api, then expects the following requests, on fresh
 * connections handed to the workers in turn, to reach only `next`, served by both workers.
 */
async function expectChannelChangeOnBothWorkers(
  stack: ServiceProcess,
  root: ApiClient,
  ask: () => Promise<{ status: number }>,
  channelId: number,
  [previous, next]: [FakeUpstream, FakeUpstream],
): Promise<void> {
  expect((await root.put('/api/channel/', { id: channelId, base_url: next.url, key: 'sk-second' })).body.success).toBe(true);
  await eventually(async () => ((await ask()) && next.requests.length > 0 ? true : undefined), 5_000, 'the change to reach a worker');
  const previousCount = previous.requests.length;
  const nextCount = next.requests.length;
  const before = stack.lines.length;
  for (let i = 0; i < 8; i++) expect((await ask()).status).toBe(200);
  expect(previous.requests.length).toBe(previousCount);
  expect(next.requests.length).toBe(nextCount + 8);
  expect(next.requests.every((r) => r.apiKey === 'sk-second')).toBe(true);
  expect(chatWorkers(stack, before).size).toBe(2);
}

/** `npm start --workers=2` on a fresh embedded database: the relay and /api run in two workers behind one port. */
describe('npm start with two front workers', () => {
  let dataDir: string;
  let stack: ServiceProcess | undefined;
  let url: string;
  let metricsUrl: string;
  let first: FakeUpstream;
  let second: FakeUpstream;
  let root: ApiClient;
  let key: string;
  let channelId: number;
  let quotaBefore: number;
  /** Chat completions answered 200: each must be billed once. */
  let served = 0;
  const ask = async () => {
    const answer = await chat(url, key);
    if (answer.status === 200) served++;
    return answer;
  };

  beforeAll(async () => {
    [first, second] = await Promise.all([startFakeUpstream(), startFakeUpstream()]);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'modelgate-workers-'));
    stack = new ServiceProcess(
      'embedded',
      'services/embedded/dist/main.js',
      baseEnv({ PORT: '0', HOST: '127.0.0.1', MODELGATE_DATA_DIR: dataDir, LOG_LEVEL: 'info', ACCESS_LOG: 'all', ACCESS_LOG_FORMAT: 'json' }),
      ['--workers=2'],
    );
    url = RUNNING.exec((await stack.waitFor((l) => RUNNING.test(l.msg ?? ''), 200_000)).msg!)![1]!;
    metricsUrl = METRICS.exec((await stack.waitFor((l) => METRICS.test(l.msg ?? ''))).msg!)![1]!;
    root = new ApiClient(url);
    await root.login('root', '123456');
  });

  afterAll(async () => {
    await stack?.stop().catch(() => undefined);
    await Promise.all([first?.close(), second?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the console’s /api and relays chat completions on both workers', async () => {
    expect((await root.get('/api/status')).body.success).toBe(true);
    ({ key, channelId } = await prepareRelaying(root, first));
    quotaBefore = Number((await root.get('/api/user/self')).body.data.quota);

    // The first request of a worker may race the events; once one answers, every worker must.
    await eventually(async () => ((await ask()).status === 200 ? true : undefined), 10_000, 'a first relayed answer');
    const before = stack!.lines.length;
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await ask());
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(chatWorkers(stack!, before).size).toBe(2);
    expect(first.requests.length).toBeGreaterThanOrEqual(13);
  });

  it('routes every worker’s next requests to a channel changed through /api', async () => {
    await expectChannelChangeOnBothWorkers(stack!, root, ask, channelId, [first, second]);
  });

  it('bills exactly what it served: the consume log adds up to the balance change', async () => {
    const consumed = await eventually(async () => {
      const logs = await root.get(`/api/log/self/?p=1&page_size=100&type=2`);
      const items = logs.body.data.items as Array<{ quota: number }>;
      return items.length === served ? items : undefined;
    }, 15_000, `${served} consume log entries`);
    const charged = consumed.reduce((sum, log) => sum + Number(log.quota), 0);
    expect(charged).toBeGreaterThan(0);
    const quotaAfter = Number((await root.get('/api/user/self')).body.data.quota);
    expect(quotaBefore - quotaAfter).toBe(charged);
  });

  it('serves one /metrics page merging both workers’ metrics with the primary’s', async () => {
    const page = await (await fetch(metricsUrl)).text();
    const types = [...page.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!);
    expect(types.length).toBe(new Set(types).size);
    for (const name of ['modelgate_relay_requests_total', 'modelgate_billing_usage_records_total', 'modelgate_api_requests_total', 'process_cpu_seconds_total']) {
      expect(types).toContain(name);
    }
    // The relayed answers of both workers, summed: each worker saw only its share.
    const relayed = [...page.matchAll(/^modelgate_relay_requests_total\{[^}]*outcome="2xx"[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(relayed).toBe(served);
  });

  it('replaces a worker that dies, and the new one serves', async () => {
    const [victim, survivor] = [...chatWorkers(stack!)].map(Number);
    process.kill(victim!, 'SIGKILL');
    await stack!.waitFor((l) => l.msg === 'front worker exited; starting another' && l.pid === victim);
    const replacement = await stack!.waitFor((l) => l.msg === 'front worker ready' && l.pid !== victim && l.pid !== survivor, 60_000);
    const before = stack!.lines.length;
    for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(200);
    expect([...chatWorkers(stack!, before)].sort()).toEqual([replacement.pid, survivor].sort());
  });

  it('stops the primary and every worker on SIGTERM', async () => {
    const workers = [...chatWorkers(stack!)].map(Number);
    expect(workers).toHaveLength(3);
    const before = stack!.lines.length;
    expect(await stack!.stop(30_000)).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    // Draining workers are not replaced.
    expect(stack!.lines.slice(before).some((l) => l.msg === 'front worker exited; starting another')).toBe(false);
  });
});

const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;

// With DATABASE_URL and NATS_URL, each worker has its own pools on that PostgreSQL and its own NATS connection.
if (databaseUrl && natsUrl) {
  describe('npm start with two front workers on DATABASE_URL and NATS_URL', () => {
    let database: TestDatabase;
    let stack: ServiceProcess | undefined;
    let upstreams: [FakeUpstream, FakeUpstream];
    let url = '';

    beforeAll(async () => {
      upstreams = [await startFakeUpstream(), await startFakeUpstream()];
      database = await createTestDatabase({ migrate: false });
      stack = new ServiceProcess(
        'embedded',
        'services/embedded/dist/main.js',
        baseEnv({
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          NATS_URL: natsUrl,
          NATS_NAMESPACE: `wrk${randomBytes(4).toString('hex')}`,
          LOG_LEVEL: 'info',
          ACCESS_LOG: 'all',
          ACCESS_LOG_FORMAT: 'json',
          RELAY_WORKERS: '2',
        }),
      );
      url = RUNNING.exec((await stack.waitFor((l) => RUNNING.test(l.msg ?? ''), 120_000)).msg!)![1]!;
    });

    afterAll(async () => {
      await stack?.stop().catch(() => undefined);
      await Promise.all(upstreams?.map((upstream) => upstream.close()) ?? []);
      await database?.drop();
    });

    it('relays on both workers and routes both to a channel changed through /api', async () => {
      const root = new ApiClient(url);
      await root.login('root', '123456');
      const { key, channelId } = await prepareRelaying(root, upstreams[0]);
      const ask = () => chat(url, key);
      await eventually(async () => ((await ask()).status === 200 ? true : undefined), 10_000, 'a first relayed answer');
      await expectChannelChangeOnBothWorkers(stack!, root, ask, channelId, upstreams);
      expect(await stack!.stop(30_000)).toBe(0);
    });
  });
}
