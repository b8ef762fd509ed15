import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UsageRecord } from '@modelgate/contracts/bus';
import { type AccessLogEntry, createMetricsRegistry } from '@modelgate/runtime';
import { RelayMetrics } from './relay-metrics';

/** Serves one request through `handle` and resolves once the response has closed. */
async function serveOnce(handle: (res: ServerResponse) => void): Promise<void> {
  let closed!: () => void;
  const done = new Promise<void>((resolve) => (closed = resolve));
  const server = createServer((_req, res) => {
    res.once('close', () => setImmediate(closed));
    handle(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/v1/chat/completions', method: 'POST' }, (res) => {
      res.resume();
      res.on('end', resolve);
    })
      .on('error', reject)
      .end();
  });
  await done;
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const record = (over: Partial<UsageRecord>): UsageRecord => ({
  requestId: 'r1',
  userId: 1,
  tokenId: 2,
  channelId: 7,
  model: 'gpt-known',
  group: 'default',
  promptTokens: 11,
  completionTokens: 5,
  quota: 40,
  isStream: false,
  createdAt: 1,
  ...over,
});

describe('the relay’s metrics', () => {
  const sources = { knowsModel: (m: string) => m === 'gpt-known', knownGroups: () => new Set(['default']) };

  it('labels a request by configured values only and counts its tokens and quota once', async () => {
    const registry = createMetricsRegistry({ processMetrics: false });
    const lines: AccessLogEntry[] = [];
    const metrics = new RelayMetrics(registry, sources, { enabled: true, log: (entry) => lines.push(entry) });
    await serveOnce((res) => {
      metrics.begin(res, 'openai', 'req-1', 'POST');
      metrics.endpoint(res, 'chat/completions');
      metrics.requested(res, 'gpt-known', 'vip-not-configured');
      metrics.routedTo(res, 7);
      metrics.charged(res, record({}), 3, 120);
      res.end('{}');
    });
    await serveOnce((res) => {
      metrics.begin(res, 'openai', 'req-2', 'POST');
      metrics.endpoint(res, 'chat/completions');
      metrics.requested(res, 'client-invented-model', 'default');
      res.writeHead(404).end('{}');
    });
    const text = await registry.metrics();
    expect(text).toContain('modelgate_relay_requests_total{protocol="openai",endpoint="chat/completions",model="gpt-known",channel="7",group="other",outcome="2xx"} 1');
    expect(text).toContain('modelgate_relay_requests_total{protocol="openai",endpoint="chat/completions",model="other",channel="none",group="default",outcome="4xx"} 1');
    expect(text).not.toContain('client-invented-model');
    expect(text).toContain('modelgate_relay_tokens_total{model="gpt-known",channel="7",kind="prompt"} 11');
    expect(text).toContain('modelgate_relay_tokens_total{model="gpt-known",channel="7",kind="cached"} 3');
    expect(text).toContain('modelgate_relay_quota_charged_total{model="gpt-known",group="other"} 40');
    expect(text).toContain('modelgate_relay_requests_in_flight 0');
    expect(text).toContain('modelgate_relay_time_to_first_token_seconds_count{protocol="openai",model="gpt-known"} 1');
    expect(lines.map((l) => [l.requestId, l.status, l.model, l.channel])).toEqual([
      ['req-1', 200, 'gpt-known', '7'],
      ['req-2', 404, 'other', undefined],
    ]);
  });

  it('defines the breaker, queue and rate-limit metrics with the encodings their alerts read', async () => {
    const registry = createMetricsRegistry({ processMetrics: false });
    const metrics = new RelayMetrics(registry, sources);
    metrics.setBreakerState(3, 'open');
    metrics.setBreakerState(4, 'half-open');
    metrics.queued.inc();
    metrics.dequeued(0.2);
    metrics.refusedByRateLimit('token');
    const text = await registry.metrics();
    expect(text).toContain('modelgate_relay_channel_breaker_state{channel="3"} 2');
    expect(text).toContain('modelgate_relay_channel_breaker_state{channel="4"} 1');
    expect(text).toContain('modelgate_relay_queued_requests 0');
    expect(text).toContain('modelgate_relay_queue_wait_seconds_count 1');
    expect(text).toContain('modelgate_relay_rate_limited_total{scope="token"} 1');
  });

  it('counts cache loads as they happen between scrapes', async () => {
    const registry = createMetricsRegistry({ processMetrics: false });
    let loads = { channels: 1, credentials: 2 };
    new RelayMetrics(registry, { ...sources, cacheLoads: () => loads });
    expect(await registry.metrics()).toContain('modelgate_relay_cache_reloads_total{cache="credentials"} 2');
    loads = { channels: 4, credentials: 2 };
    expect(await registry.metrics()).toContain('modelgate_relay_cache_reloads_total{cache="channels"} 4');
  });
});
