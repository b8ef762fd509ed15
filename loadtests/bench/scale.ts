/**
 * The scale scenarios of `npm run bench -- --scale`: a relay started on a large database (10,000
 * channels, 1,000,000 tokens) under the chart's heap, and many slow streams open at once. Each
 * prints figures and checks the targets; none of them is a timed test.
 */
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { startFakeUpstream } from './peers';
import { readRssMb, RssSampler } from './proc-stats';
import { SocketSampler } from './relay-sampler';
import { startRelayStack } from './relay-stack';
import { BENCH_MODEL, requestBody } from './requests';
import { largeDatabase } from './scale-large-db';
import { FILE_RESERVE, filesPerStream, openStreamCap, peakShortfall, projectLinear, type StreamRun, upstreamLabel } from './scale-plan';
import { ms, SCALE_TARGETS, type ScaleOptions, type ScaleReport } from './scale-report';
import { OpenCounter, timedRequest } from './scale-requests';
import { summarize } from './stats';
import { checkTarget, UNITS } from './targets';
import type { LatencySummary } from './types';

/** The soft limit of open files of this process (its children inherit it), from /proc. */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  return Number.isFinite(soft) ? soft : 1024;
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
