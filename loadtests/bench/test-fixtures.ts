import type { LatencySummary, ScenarioResult } from './types';

/** Test helpers: a latency summary with the given p50 and p99. */
export function latency(p50: number, p99: number): LatencySummary {
  return { count: 1000, p50, p99, mean: p50, max: p99 };
}

/** A clean scenario result; override any field. */
export function scenario(overrides: Partial<ScenarioResult> & Pick<ScenarioResult, 'target' | 'mode' | 'connections'>): ScenarioResult {
  return {
    durationS: 8,
    ok: 8000,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: { '200': 8000 },
    latency: latency(1, 2),
    ttfc: overrides.mode === 'stream' ? latency(0.5, 1) : null,
    ttfcFailures: 0,
    rps: 1000,
    rss: { beforeMb: 80, peakMb: 90 },
    cpu: null,
    ...overrides,
  };
}
