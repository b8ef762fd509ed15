/**
 * The vocabulary of the benchmark: what is measured (targets, modes, connection counts) and the
 * shape of one scenario's result. Shared by the orchestrator, the load worker and the report.
 */

/** Where the requests go: straight to the fake upstream, through the peer gateway, or through ours. */
export type TargetName = 'direct' | 'portkey' | 'relay';

/** Every target, in the order the run measures and the report lists them. */
export const TARGET_NAMES: readonly TargetName[] = ['direct', 'portkey', 'relay'];

/** Human names used in tables. */
export const TARGET_LABELS: Readonly<Record<TargetName, string>> = {
  direct: 'direct (fake upstream)',
  portkey: 'Portkey gateway OSS',
  relay: 'Modelgate relay',
};

/** `json`: a whole chat completion; `stream`: the same answer as server-sent events. */
export type Mode = 'json' | 'stream';

export const MODES: readonly Mode[] = ['json', 'stream'];

/** One measured combination. */
export interface ScenarioKey {
  target: TargetName;
  mode: Mode;
  connections: number;
}

/** Percentiles of a set of durations, in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** Resident memory of the process behind a target while and after it was loaded, in MB. */
export interface RssStats {
  /** Before the scenario's load started. */
  beforeMb: number;
  /** Highest sample while the load ran. */
  peakMb: number;
}

/** What the load worker measured for one scenario. */
export interface LoadOutcome {
  /** Seconds the measured phase lasted (warm-up excluded). */
  durationS: number;
  /** Responses with a 2xx status. */
  ok: number;
  /** Responses with any other status. */
  non2xx: number;
  /** Connection errors (refused, reset) and timeouts together. */
  errors: number;
  timeouts: number;
  /** Count per status code, for the explanation of an invalid scenario. */
  statusCodes: Record<string, number>;
  /** Full-response latency of 2xx answers; null when there was none. */
  latency: LatencySummary | null;
  /** Time to the first body byte of streaming 2xx answers (streaming scenarios only). */
  ttfc: LatencySummary | null;
  /** Streaming probe requests that failed or answered non-2xx. */
  ttfcFailures: number;
}

/** One scenario as reported. */
export interface ScenarioResult extends ScenarioKey, LoadOutcome {
  /** 2xx responses per second of the measured phase. */
  rps: number;
  rss: RssStats | null;
  /** Why the numbers must not be trusted; undefined for a clean scenario. */
  invalidReason?: string;
}
