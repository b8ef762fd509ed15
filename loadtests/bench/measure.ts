import { Agent } from 'node:http';
import type { BenchOptions } from './options';
import { sendRequest } from './probe-client';
import { type MemoryWatch, waitUntilQuiet, type WatchedProcess } from './proc-stats';
import { buildRequest, checkAnswer, type Endpoints } from './requests';
import { runScenario } from './run-scenario';
import { formatMs, formatRps } from './table';
import { MODES, type ScenarioResult, TARGET_NAMES, type TargetName } from './types';

/** A started target and the processes behind it. */
export interface RunningTarget {
  name: TargetName;
  /** The process whose memory is sampled while the target is loaded (with its workers, for a relay that runs several). */
  watch: MemoryWatch;
  /** Processes behind the target, which must be idle before any scenario starts. */
  processes: WatchedProcess[];
  /** node:cluster workers behind its port, when several: each scenario's warm-up opens at least one connection per worker. */
  workers?: number;
}

/**
 * Sends one request of each mode to a target and checks that the answers are real chat
 * completions (Anthropic Messages for `relay-anthropic`, Gemini responses for `relay-gemini`,
 * Responses for `relay-responses` and `relay-responses-chat`). Returns the problems found, empty
 * when the target works.
 */
export async function preflight(target: TargetName, endpoints: Endpoints): Promise<string[]> {
  const agent = new Agent({ keepAlive: false });
  const problems: string[] = [];
  try {
    // Both modes, even when the run measures one: the check is about the target, not the run.
    for (const mode of MODES) {
      try {
        const answer = await sendRequest(buildRequest(target, mode, endpoints), agent);
        const problem = checkAnswer(target, mode, answer.status, answer.contentType, answer.body);
        if (problem) problems.push(`${mode}: ${problem}`);
      } catch (error) {
        problems.push(`${mode}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    agent.destroy();
  }
  return problems;
}

const TARGET_WIDTH = Math.max(...TARGET_NAMES.map((name) => name.length));

/** One progress line per scenario. */
export function describeResult(r: ScenarioResult): string {
  const head = `${r.target.padEnd(TARGET_WIDTH)} ${r.mode.padEnd(6)} ${String(r.connections).padStart(3)} conn`;
  if (r.invalidReason) return `${head}  INVALID: ${r.invalidReason}`;
  const ttfc = r.ttfc ? `  TTFC p50 ${formatMs(r.ttfc.p50)} ms` : '';
  return (
    `${head}  ${formatRps(r.rps).padStart(7)} req/s  p50 ${formatMs(r.latency?.p50)} ms` +
    `  p99 ${formatMs(r.latency?.p99)} ms${ttfc}`
  );
}

/**
 * Runs every scenario: per mode (json, then streaming) and connection count (ascending), each
 * target in turn, the relay's other protocols' scenarios right after its chat passthrough one. Interleaving
 * the targets keeps the scenarios that a ratio compares within seconds of each other, so drift
 * on a shared machine (another job starting, a CPU's turbo ending) moves both sides of the
 * ratio alike. Before each scenario every process of the run is
 * given a moment to finish leftover work, so the previous scenario's backlog (billing settling
 * usage records, a garbage collection) does not slow the next one.
 */
export async function measureAll(
  targets: readonly RunningTarget[],
  endpoints: Endpoints,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<{ results: ScenarioResult[]; notes: string[] }> {
  const results: ScenarioResult[] = [];
  const notes: string[] = [];
  const everyProcess = [...new Map(targets.flatMap((t) => t.processes).map((p) => [p.pid, p])).values()];
  let previous: ScenarioResult | undefined;
  for (const mode of options.modes) {
    for (const connections of options.connections) {
      for (const target of targets) {
        const quiet = await waitUntilQuiet(everyProcess, { maxWaitMs: options.quick ? 5_000 : 15_000 });
        if (quiet.stillBusy && previous) {
          const { name, percentOfCore } = quiet.stillBusy;
          const text =
            `${name.charAt(0).toUpperCase()}${name.slice(1)} was still busy (${percentOfCore.toFixed(0)} % of a core) ${(quiet.waitedMs / 1000).toFixed(0)} s after ` +
            `${previous.target} ${previous.mode} at ${previous.connections} conn; ${target.name} ${mode} at ` +
            `${connections} conn started anyway and shared the CPU with it.`;
          log(`  (${text})`);
          notes.push(text);
        } else if (quiet.waitedMs > 2_000) {
          log(`  (waited ${(quiet.waitedMs / 1000).toFixed(1)} s for the servers to go idle)`);
        }
        const result = await runScenario(
          { target: target.name, mode, connections },
          {
            request: buildRequest(target.name, mode, endpoints),
            connections,
            warmupS: options.warmupS,
            ...(target.workers ? { warmupConnections: target.workers } : {}),
            durationS: options.durationS,
            ttfcS: mode === 'stream' ? options.ttfcS : 0,
          },
          target.watch,
          target.processes,
        );
        log(describeResult(result));
        results.push(result);
        previous = result;
      }
    }
  }
  return { results, notes };
}
