import { fork } from 'node:child_process';
import path from 'node:path';
import { CpuMeter } from './cpu-split';
import type { LoadJob, WorkerPhase, WorkerReply } from './load-worker';
import { type MemoryWatch, readWatchedRssMb, RssSampler, type WatchedProcess } from './proc-stats';
import type { LoadOutcome, ScenarioKey, ScenarioResult } from './types';

/**
 * Runs one job in a fresh load-worker process and returns what it measured; `onPhase` hears when
 * its measured phase starts and ends, with the worker's pid.
 */
export function runInWorker(job: LoadJob, onPhase: (phase: WorkerPhase, pid: number) => void = () => undefined): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    const worker = fork(path.join(__dirname, 'load-worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    worker.on('message', (message: WorkerReply | WorkerPhase) => {
      if ('phase' in message) {
        onPhase(message, worker.pid ?? 0);
        return;
      }
      const reply = message;
      settled = true;
      if (reply.ok) resolve(reply.outcome);
      else reject(new Error(`load worker: ${reply.error}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`load worker exited with code ${code} before answering`));
    });
    worker.send(job);
  });
}

/**
 * Why a scenario's numbers cannot be trusted, or undefined. Any error means the target did not
 * do the work being measured (an error answer is cheaper than a completion), so one failed
 * request is enough to set the scenario aside rather than report it as fast.
 */
export function invalidReason(outcome: LoadOutcome, streaming: boolean): string | undefined {
  const problems: string[] = [];
  if (outcome.non2xx > 0) {
    const codes = Object.entries(outcome.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .sort((a, b) => b[1] - a[1])
      .map(([code, count]) => `${count}× ${code}`)
      .join(', ');
    problems.push(`${outcome.non2xx} non-2xx (${codes})`);
  }
  if (outcome.errors > 0) problems.push(`${outcome.errors} connection errors (${outcome.timeouts} timeouts)`);
  if (outcome.ok === 0) problems.push('no successful response');
  if (streaming && outcome.ttfcFailures > 0) problems.push(`${outcome.ttfcFailures} failed stream probes`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/**
 * Runs one scenario: the load in a worker process while the process behind the target (the
 * relay, Portkey, or the fake upstream for direct; a relay with workers together with them) has
 * its memory sampled.
 */
export async function runScenario(
  key: ScenarioKey,
  job: LoadJob,
  watch: MemoryWatch,
  processes: readonly WatchedProcess[],
): Promise<ScenarioResult> {
  const beforeMb = readWatchedRssMb(watch);
  const sampler = new RssSampler(watch);
  sampler.start();
  let meter: CpuMeter | undefined;
  let outcome: LoadOutcome;
  let peakMb: number | null;
  try {
    outcome = await runInWorker(job, (message, pid) => {
      if (message.phase === 'measuring') {
        meter = new CpuMeter(processes, pid);
        meter.start();
      } else {
        // Read before the time-to-first-chunk probe, which is not part of the measured phase.
        meter?.end();
      }
    });
  } finally {
    peakMb = sampler.stop();
  }
  const result: ScenarioResult = {
    ...key,
    ...outcome,
    rps: outcome.durationS > 0 ? outcome.ok / outcome.durationS : 0,
    rss: beforeMb !== null && peakMb !== null ? { beforeMb, peakMb } : null,
    cpu: meter?.split(outcome.ok) ?? null,
  };
  const reason = invalidReason(outcome, key.mode === 'stream');
  if (reason) result.invalidReason = reason;
  return result;
}
