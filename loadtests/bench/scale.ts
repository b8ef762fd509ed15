/**
 * The scale scenarios of `npm run bench -- --scale`: a relay started on a large database (10,000
 * channels, 1,000,000 tokens) under the chart's heap, and many slow streams open at once. Each
 * prints figures and checks the targets; none of them is a timed test.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServerDatabase } from './database';
import { startFakeUpstream } from './peers';
import { readCpuTicks, readRssMb, RssSampler } from './proc-stats';
import { SocketSampler } from './relay-sampler';
import { startRelayStack } from './relay-stack';
import { BENCH_MODEL, requestBody } from './requests';
import { FILE_RESERVE, filesPerStream, openStreamCap, peakShortfall, projectLinear, type StreamRun, upstreamLabel } from './scale-plan';
import { LARGE_TABLES, seedLargeTables, seededTokenKey } from './scale-seed';
import { summarize } from './stats';
import { checkTarget, type TargetCheck, UNITS } from './targets';
import type { LatencySummary } from './types';

/** What the scale scenarios found: a row of figures per scenario, the targets checked, notes. */
export interface ScaleReport {
  rows: string[][];
  checks: TargetCheck[];
  notes: string[];
}

export interface ScaleOptions {
  repoRoot: string;
  databaseUrl: string;
  natsUrl: string;
  logLevel: string;
  /** Slow-stream runs to measure, e.g. 1,000 over HTTP/1.1 and 10,000 over HTTP/2. */
  streamRuns: StreamRun[];
  /** Run the large-database scenario (seeding takes a minute or two). */
  largeDatabase: boolean;
  log: (line: string) => void;
}

/** The scale targets. */
export const SCALE_TARGETS = { maxStartS: 5, maxStreamRssMb: 500 } as const;

/** The soft limit of open files of this process (its children inherit it), from /proc. */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  return Number.isFinite(soft) ? soft : 1024;
}

/** Counts the answers being received at once (headers in, end not yet), keeping the peak. */
class OpenCounter {
  open = 0;
  peak = 0;
  opened(): void {
    this.open++;
    if (this.open > this.peak) this.peak = this.open;
  }
  closed(): void {
    this.open--;
  }
}

/** One request; resolves with the time to the first body byte and to the end, in ms. */
function timedRequest(
  agent: Agent,
  url: string,
  key: string,
  body: string,
  counter?: OpenCounter,
): Promise<{ status: number; ttfbMs: number; totalMs: number; refusal?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfbMs = -1;
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` } },
      (res) => {
        counter?.opened();
        res.once('close', () => counter?.closed());
        // A refusal's body says why (its first 120 characters are kept).
        let refusal = res.statusCode === 200 ? undefined : '';
        res.on('data', (chunk: Buffer) => {
          if (ttfbMs < 0) ttfbMs = performance.now() - started;
          if (refusal !== undefined && refusal.length < 120) refusal += chunk.toString('utf8');
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ttfbMs, totalMs: performance.now() - started, refusal: refusal?.slice(0, 120) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `count` sequential JSON requests, each with the key `keyOf(i)`; latency of the 2xx ones. */
async function sequential(url: string, count: number, keyOf: (i: number) => string): Promise<{ latency: LatencySummary | null; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let failed = 0;
  try {
    for (let i = 0; i < count; i++) {
      const result = await timedRequest(agent, `${url}/v1/chat/completions`, keyOf(i), requestBody('json')).catch(() => null);
      if (result && result.status === 200) samples.push(result.totalMs);
      else failed++;
    }
  } finally {
    agent.destroy();
  }
  return { latency: summarize(samples), failed };
}

const ms = (summary: LatencySummary | null) => (summary ? `p50 ${summary.p50.toFixed(2)} ms, p99 ${summary.p99.toFixed(2)} ms` : '–');

/**
 * The large database: seeds 10,000 channels (100,000 abilities) and 1,000,000 tokens, starts the
 * relay (with billing, under `--max-old-space-size=256`) on it and reports its start time, its
 * memory once started, and its added latency for a token used again (in memory) and for tokens
 * used for the first time (one indexed query each), against the fake upstream directly.
 */
async function largeDatabase(options: ScaleOptions, report: ScaleReport): Promise<void> {
  const fake = await startFakeUpstream(options.repoRoot);
  try {
    options.log(`scale: seeding ${LARGE_TABLES.channels} channels and ${LARGE_TABLES.tokens} tokens`);
    const database = await createServerDatabase(options.databaseUrl, fake.url);
    const seededAt = performance.now();
    await seedLargeTables(database.url!, fake.url).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    options.log(`scale: seeded in ${((performance.now() - seededAt) / 1000).toFixed(1)} s; starting the relay on it`);
    const relay = await startRelayStack({
      repoRoot: options.repoRoot,
      fakeUpstreamUrl: fake.url,
      databaseUrl: options.databaseUrl,
      natsUrl: options.natsUrl,
      logLevel: options.logLevel,
      profileDir: null,
      database,
    });
    try {
      const startedRss = readRssMb(relay.relayPid);
      // CPU the relay used to start (ticks of 10 ms): on a busy machine the wall time mostly waits for a core.
      const startCpuS = (readCpuTicks(relay.relayPid) ?? Number.NaN) / 100;
      const direct = await sequential(fake.url, 500, () => 'sk-fake');
      const warm = await sequential(relay.url, 500, () => relay.tokenKey);
      // Tokens 1..500 of the million, each sent once: a cache miss and one indexed query each.
      const cold = await sequential(relay.url, 500, (i) => `sk-${seededTokenKey(1 + i * 1999)}`);
      const rss = readRssMb(relay.relayPid);
      const added = (s: LatencySummary | null) =>
        s && direct.latency ? `+${(s.p50 - direct.latency.p50).toFixed(2)} / +${(s.p99 - direct.latency.p99).toFixed(2)} ms` : '–';
      const tables = `${LARGE_TABLES.channels.toLocaleString('en-US')} channels, ${LARGE_TABLES.tokens.toLocaleString('en-US')} tokens`;
      report.rows.push(
        [`large database (${tables})`, 'relay start (spawn → answering)', `${(relay.startMs / 1000).toFixed(2)} s`],
        ['', 'CPU time the relay used to start', `${startCpuS.toFixed(2)} s`],
        ['', 'relay RSS once started / after 1,500 requests', `${startedRss?.toFixed(0) ?? '?'} MB / ${rss?.toFixed(0) ?? '?'} MB`],
        ['', 'direct, 1 conn', ms(direct.latency)],
        ['', 'relay, same token (in memory), added p50 / p99', added(warm.latency)],
        ['', 'relay, 500 tokens used once (one query each), added p50 / p99', added(cold.latency)],
      );
      if (warm.failed + cold.failed > 0) report.notes.push(`Large database: ${warm.failed + cold.failed} relay requests failed.`);
      report.checks.push(
        checkTarget(
          `relay starts under the chart's heap with ${tables}`,
          relay.startMs / 1000,
          { atMost: SCALE_TARGETS.maxStartS },
          { format: (v: number) => `${v.toFixed(2)} s` },
          'the relay did not start',
        ),
      );
    } finally {
      await relay.stop();
    }
  } finally {
    await fake.service.stop();
  }
}

interface StreamBurst {
  ok: number;
  ttfb: LatencySummary | null;
  wallS: number;
  /** Answers being received at once, at most. */
  peakOpen: number;
  /** Why the others failed: an error code or `HTTP <status>`, with how many. */
  failures: Map<string, number>;
}

/** Opens `count` streams to `url` within about two seconds and waits for them all. */
async function openStreams(url: string, key: string, count: number): Promise<StreamBurst> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const body = requestBody('stream');
  const counter = new OpenCounter();
  const failures = new Map<string, number>();
  const fail = (reason: string) => failures.set(reason, (failures.get(reason) ?? 0) + 1);
  const started = performance.now();
  const runs: Array<Promise<number | null>> = [];
  const one = async (): Promise<number | null> => {
    try {
      const result = await timedRequest(agent, url, key, body, counter);
      if (result.status === 200) return result.ttfbMs;
      fail(`HTTP ${result.status} ${result.refusal ?? ''}`.trim());
    } catch (error) {
      fail((error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error)));
    }
    return null;
  };
  const batch = Math.max(1, Math.ceil(count / 20));
  try {
    for (let i = 0; i < count; i += batch) {
      for (let j = i; j < Math.min(count, i + batch); j++) runs.push(one());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ttfbs = (await Promise.all(runs)).filter((ttfb): ttfb is number => ttfb !== null);
    const wallS = (performance.now() - started) / 1000;
    return { ok: ttfbs.length, ttfb: summarize(ttfbs), wallS, peakOpen: counter.peak, failures };
  } finally {
    agent.destroy();
  }
}

/** `HTTP 502 ×3, ECONNRESET ×1`: the failures, most frequent first. */
const failureText = (failures: Map<string, number>): string =>
  [...failures].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${reason} ×${n}`).join(', ');

/** The slow model the fake streams: 20 chunks 500 ms apart. */
const SLOW_MODEL = `${BENCH_MODEL}:20:500`;

/**
 * `count` slow streams open at once (each 20 chunks 500 ms apart, about 10 s, the shape of LLM
 * answers), opened over about two seconds: time to first byte and the relay's peak memory. The
 * same burst is sent to a fake upstream (plain HTTP/1.1, as the relay's clients speak) directly
 * first: the load generator and the fake share the machine, and what they take is not the
 * relay's. The relay then calls its own fake over `run.upstream`: HTTP/1.1 (a connection per
 * stream, the same fake) or HTTP/2 (an https fake, the channel's `upstream_http2` on, about 100
 * streams per connection).
 */
async function slowStreams(options: ScaleOptions, run: StreamRun, report: ScaleReport): Promise<void> {
  const limit = openFileLimit();
  const count = openStreamCap(limit, run.count, run.upstream);
  if (count < run.count) {
    const needed = Math.ceil(run.count * filesPerStream(run.upstream)) + FILE_RESERVE;
    report.notes.push(
      `${run.count.toLocaleString('en-US')} streams (${upstreamLabel(run.upstream)}) need about ${needed} open files in the relay; ` +
        `this machine allows ${limit}, so ${count.toLocaleString('en-US')} were opened.`,
    );
  }
  const http2 = run.upstream === 'http2';
  options.log(`scale: ${count} slow streams, directly and through the relay (${upstreamLabel(run.upstream)})`);
  const plain = await startFakeUpstream(options.repoRoot, [SLOW_MODEL]);
  let direct: StreamBurst;
  let upstream = plain;
  try {
    direct = await openStreams(`${plain.url}/v1/chat/completions`, 'sk-fake', count);
    if (http2) {
      await plain.service.stop();
      upstream = await startFakeUpstream(options.repoRoot, [SLOW_MODEL], { tls: true });
    }
  } catch (error) {
    await plain.service.stop();
    throw error;
  }
  const relay = await startRelayStack({
    repoRoot: options.repoRoot,
    fakeUpstreamUrl: upstream.url,
    databaseUrl: options.databaseUrl,
    natsUrl: options.natsUrl,
    logLevel: options.logLevel,
    profileDir: null,
    upstreamHttp2: http2,
    relayEnv: upstream.certFile ? { UPSTREAM_CA_FILE: upstream.certFile } : undefined,
  }).catch(async (error: unknown) => {
    await upstream.service.stop();
    throw error;
  });
  try {
    const sampler = new RssSampler(relay.relayPid, 250);
    const sockets = new SocketSampler(relay.relayPid, Number(new URL(upstream.url).port), relay.metricsUrl);
    const before = readRssMb(relay.relayPid);
    const heapBefore = await sockets.heapNow();
    sampler.start();
    sockets.start();
    const relayed = await openStreams(`${relay.url}/v1/chat/completions`, relay.tokenKey, count);
    const peak = sampler.stop();
    sockets.stop();
    const ttfb = relayed.ttfb;
    const label = `${count.toLocaleString('en-US')} slow streams (20 chunks × 500 ms), ${upstreamLabel(run.upstream)}`;
    const addedP99 = ttfb && direct.ttfb ? ttfb.p99 - direct.ttfb.p99 : null;
    const perStreamKb = peak !== null && before !== null && relayed.peakOpen > 0 ? ((peak - before) * 1024) / relayed.peakOpen : null;
    for (const [leg, burst] of [['directly', direct], ['through the relay', relayed]] as const) {
      if (burst.failures.size > 0) report.notes.push(`${label}: ${count - burst.ok} failed ${leg} (${failureText(burst.failures)}).`);
    }
    report.rows.push(
      [label, 'completed directly / through the relay', `${direct.ok} / ${relayed.ok} of ${count} (${direct.wallS.toFixed(1)} s / ${relayed.wallS.toFixed(1)} s)`],
      ['', 'answers open at once, peak: directly / through the relay', `${direct.peakOpen} / ${relayed.peakOpen}`],
      ['', 'time to first byte, directly (HTTP/1.1)', ms(direct.ttfb)],
      ['', 'time to first byte, through the relay', ms(ttfb)],
      ['', 'relay RSS before / peak (growth per answer open at the peak)', `${before?.toFixed(0) ?? '?'} MB / ${peak?.toFixed(0) ?? '?'} MB (${perStreamKb?.toFixed(1) ?? '?'} kB)`],
      ['', 'relay V8 heap in use before / peak', `${heapBefore?.toFixed(0) ?? '?'} MB / ${sockets.heapMb?.toFixed(0) ?? '?'} MB`],
      ['', 'relay open files / upstream connections, peak', `${sockets.files} / ${sockets.upstream}`],
    );
    const shortfall = peakShortfall(count, relayed.ok, relayed.peakOpen);
    if (relayed.peakOpen > 0 && relayed.peakOpen < count) {
      const rss = projectLinear(before, peak, relayed.peakOpen, count);
      const heap = projectLinear(heapBefore, sockets.heapMb, relayed.peakOpen, count);
      const mb = (value: number | null) => (value === null ? '?' : `${value.toFixed(0)} MB`);
      report.rows.push(['', `relay RSS / V8 heap projected to ${count.toLocaleString('en-US')} open at once (linear)`, `${mb(rss)} / ${mb(heap)}`]);
    }
    report.checks.push(
      checkTarget(
        `relay RSS peak with ${count.toLocaleString('en-US')} open streams (${http2 ? 'HTTP/2' : 'HTTP/1.1'} upstream)`,
        shortfall === null ? peak : null,
        { atMost: SCALE_TARGETS.maxStreamRssMb },
        UNITS.mb,
        shortfall ?? '',
      ),
      checkTarget(
        `time to first byte the relay adds at ${count.toLocaleString('en-US')} streams (p99, ${http2 ? 'HTTP/2' : 'HTTP/1.1'} upstream)`,
        addedP99,
        { atMost: 1_000 },
        { format: (v: number) => `${v.toFixed(0)} ms` },
        'no stream completed',
      ),
    );
  } finally {
    await relay.stop();
    await upstream.service.stop();
  }
}

/** Runs every scale scenario; one that fails is reported in the notes, the others still run. */
export async function runScale(options: ScaleOptions): Promise<ScaleReport> {
  const report: ScaleReport = { rows: [], checks: [], notes: [] };
  const attempt = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log(`scale: ${name} failed: ${message}`);
      report.notes.push(`The ${name} scenario failed: ${message.split('\n')[0]}`);
    }
  };
  if (options.largeDatabase) await attempt('large-database', () => largeDatabase(options, report));
  for (const run of options.streamRuns) {
    await attempt(`${run.count}-stream (${run.upstream})`, () => slowStreams(options, run, report));
  }
  return report;
}
