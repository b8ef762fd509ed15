/**
 * The load generator, run by the orchestrator as a child process (`fork`) per scenario so that
 * generating load never shares an event loop with starting servers or sampling memory. It
 * receives one {@link LoadJob}, runs autocannon (warm-up, then the measured phase) and, for
 * streaming, the time-to-first-chunk probe, and answers with one {@link WorkerReply}. It tells
 * when the measured phase starts and ends ({@link WorkerPhase}), so the orchestrator can read the
 * CPU every process used during exactly that phase.
 */
import autocannon from 'autocannon';
import { probeTimeToFirstChunk } from './probe-client';
import type { BenchRequest } from './requests';
import { SampleBuffer, summarize } from './stats';
import type { LoadOutcome } from './types';

export interface LoadJob {
  request: BenchRequest;
  connections: number;
  warmupS: number;
  /**
   * Connections of the warm-up when more than `connections`: one per worker of a relay that runs
   * several, whose primary hands each connection to the next worker, so every worker is warm
   * whichever one the measured connections reach.
   */
  warmupConnections?: number;
  durationS: number;
  /** Seconds of the time-to-first-chunk probe; 0 for none. */
  ttfcS: number;
}

export type WorkerReply = { ok: true; outcome: LoadOutcome } | { ok: false; error: string };

/** Sent when the measured phase starts and when it ends (before the time-to-first-chunk probe). */
export interface WorkerPhase {
  phase: 'measuring' | 'measured';
}

/** One autocannon run, with every 2xx latency kept at full (sub-millisecond) precision. */
async function runAutocannon(job: LoadJob, durationS: number, latencies: SampleBuffer | null, connections = job.connections) {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: job.request.url,
        method: job.request.method,
        headers: job.request.headers,
        body: job.request.body,
        connections,
        duration: durationS,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  // autocannon's own histogram rounds to whole milliseconds, too coarse for added latency at
  // one connection; its response event carries the exact duration.
  if (latencies) {
    instance!.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  }
  return done;
}

export async function runLoadJob(job: LoadJob, onPhase: (phase: WorkerPhase) => void = () => undefined): Promise<LoadOutcome> {
  if (job.warmupS > 0) await runAutocannon(job, job.warmupS, null, Math.max(job.connections, job.warmupConnections ?? 0));
  const latencies = new SampleBuffer();
  onPhase({ phase: 'measuring' });
  const started = process.hrtime.bigint();
  const result = await runAutocannon(job, job.durationS, latencies);
  const durationS = Number(process.hrtime.bigint() - started) / 1e9;
  onPhase({ phase: 'measured' });

  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (stats as { count: number }).count;
  }
  const ttfc = job.ttfcS > 0 ? await probeTimeToFirstChunk(job.request, job.connections, job.ttfcS) : null;
  return {
    durationS,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    latency: summarize(latencies),
    ttfc: ttfc ? summarize(ttfc.samples) : null,
    ttfcFailures: ttfc?.failures ?? 0,
  };
}

if (require.main === module) {
  process.once('message', (job: LoadJob) => {
    runLoadJob(job, (phase) => process.send!(phase)).then(
      (outcome) => reply({ ok: true, outcome }),
      (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

function reply(message: WorkerReply): void {
  process.send!(message, () => process.exit(0));
}
