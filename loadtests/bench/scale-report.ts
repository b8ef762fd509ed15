// What the scale scenarios take and report, shared by each of them.
import type { StreamRun } from './scale-plan';
import type { TargetCheck } from './targets';
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

/** `p50 0.41 ms, p99 4.27 ms`, or a dash when nothing was measured. */
export const ms = (summary: LatencySummary | null) => (summary ? `p50 ${summary.p50.toFixed(2)} ms, p99 ${summary.p99.toFixed(2)} ms` : '–');
