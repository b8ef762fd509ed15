import { type Mode, RELAY_TARGETS, type ScenarioResult, type TargetName } from './types';

/** The targets, as numbers the evaluation and the docs share. */
export const TARGETS = {
  /** Relay req/s at 50 connections over Portkey's. */
  minTimesPortkey: 10,
  /** Relay req/s at 50 connections as a share of the bare Node proxy's, in percent (both modes). */
  minPercentOfBare: 70,
  /** Latency the relay adds at 1 connection, in ms. */
  maxAddedP50Ms: 0.2,
  maxAddedP99Ms: 1,
  /** Time to first chunk the relay adds at 1 connection, in ms. */
  maxAddedTtfcP50Ms: 0.3,
  /** Peak resident memory of the relay process, in MB. */
  maxRssMb: 200,
} as const;

/** Connection counts the targets are stated at. */
export const LOW_CONNECTIONS = 1;
export const HIGH_CONNECTIONS = 50;

/**
 * Comparisons of the relay with the other targets for one mode and connection count, and of the
 * relay with two workers with the one-process relay.
 */
export interface Ratios {
  mode: Mode;
  connections: number;
  /** Relay req/s ÷ direct req/s. */
  relayVsDirect: number | null;
  /** Relay req/s ÷ bare Node proxy req/s (the share of the ceiling the relay reaches). */
  relayVsBare: number | null;
  /** Relay req/s ÷ Portkey req/s. */
  relayVsPortkey: number | null;
  /** Relay latency − direct latency, ms. */
  addedP50Ms: number | null;
  addedP99Ms: number | null;
  /** Relay TTFC p50 − direct TTFC p50, ms (streaming only). */
  addedTtfcP50Ms: number | null;
  /** Req/s of the relay with two workers (`relay-2w`) ÷ the one-process relay's. */
  twoWorkersVsOne: number | null;
}

export type TargetStatus = 'PASS' | 'MISS' | 'n/a';

/** One target checked against the run. */
export interface TargetCheck {
  name: string;
  status: TargetStatus;
  /** The measured value as text, e.g. `14.2×`; empty when not measured. */
  actual: string;
  /** The limit as text, e.g. `≥ 10×`. */
  limit: string;
  /** How far from the limit, e.g. `+4.2× (+42 %)`; for n/a, why it was not checked. */
  margin: string;
}

/** Scenario lookup that yields only results whose numbers can be trusted. */
export function findValid(
  results: readonly ScenarioResult[],
  target: TargetName,
  mode: Mode,
  connections: number,
): ScenarioResult | undefined {
  return results.find(
    (r) => r.target === target && r.mode === mode && r.connections === connections && !r.invalidReason,
  );
}

/** Ratios for every (mode, connection count) that has a valid relay scenario. */
export function computeRatios(results: readonly ScenarioResult[], connections: readonly number[]): Ratios[] {
  const rows: Ratios[] = [];
  for (const mode of ['json', 'stream'] as const) {
    for (const count of connections) {
      const relay = findValid(results, 'relay', mode, count);
      const direct = findValid(results, 'direct', mode, count);
      const portkey = findValid(results, 'portkey', mode, count);
      const bare = findValid(results, 'bare', mode, count);
      const twoWorkers = findValid(results, 'relay-2w', mode, count);
      const diff = (a: number | undefined, b: number | undefined) =>
        a === undefined || b === undefined ? null : a - b;
      rows.push({
        mode,
        connections: count,
        relayVsDirect: relay && direct && direct.rps > 0 ? relay.rps / direct.rps : null,
        relayVsBare: relay && bare && bare.rps > 0 ? relay.rps / bare.rps : null,
        relayVsPortkey: relay && portkey && portkey.rps > 0 ? relay.rps / portkey.rps : null,
        addedP50Ms: diff(relay?.latency?.p50, direct?.latency?.p50),
        addedP99Ms: diff(relay?.latency?.p99, direct?.latency?.p99),
        addedTtfcP50Ms: mode === 'stream' ? diff(relay?.ttfc?.p50, direct?.ttfc?.p50) : null,
        twoWorkersVsOne: twoWorkers && relay && relay.rps > 0 ? twoWorkers.rps / relay.rps : null,
      });
    }
  }
  return rows;
}

/** How a target's values, and distances between them, are written. */
export interface Unit {
  format(value: number): string;
  /** A distance between two values; defaults to `format` (percentages differ in points). */
  formatDelta?(value: number): string;
}
export const UNITS = {
  times: { format: (v: number) => `${v.toFixed(1)}×` },
  percent: { format: (v: number) => `${v.toFixed(1)} %`, formatDelta: (v: number) => `${v.toFixed(1)} pts` },
  ms: { format: (v: number) => `${v.toFixed(2)} ms` },
  mb: { format: (v: number) => `${v.toFixed(0)} MB` },
} as const satisfies Record<string, Unit>;
const { times, percent, ms, mb } = UNITS;

/**
 * Checks a measured value against a limit. The margin is the distance to the limit in the
 * value's unit and relative to the limit, positive when there is room to spare.
 */
export function checkTarget(
  name: string,
  actual: number | null | undefined,
  bound: { atLeast: number } | { atMost: number },
  unit: Unit,
  missingReason: string,
): TargetCheck {
  const atLeast = 'atLeast' in bound;
  const limitValue = atLeast ? bound.atLeast : bound.atMost;
  const limit = `${atLeast ? '≥' : '≤'} ${unit.format(limitValue)}`;
  if (actual === null || actual === undefined || !Number.isFinite(actual)) {
    return { name, status: 'n/a', actual: '', limit, margin: missingReason };
  }
  const room = atLeast ? actual - limitValue : limitValue - actual;
  const relative = limitValue === 0 ? 0 : (room / limitValue) * 100;
  const sign = (v: number) => (v >= 0 ? '+' : '−');
  const delta = (unit.formatDelta ?? unit.format)(Math.abs(room));
  return {
    name,
    status: room >= 0 ? 'PASS' : 'MISS',
    actual: unit.format(actual),
    limit,
    margin: `${sign(room)}${delta} (${sign(relative)}${Math.abs(relative).toFixed(0)} %)`,
  };
}

/**
 * Evaluates every target of the issue. A target whose scenarios were not run, or ran with
 * errors, is `n/a` with the reason, never a PASS.
 */
export function evaluateTargets(
  results: readonly ScenarioResult[],
  relayPeakRssMb: number | null,
): TargetCheck[] {
  const ratios = computeRatios(results, [LOW_CONNECTIONS, HIGH_CONNECTIONS]);
  const at = (mode: Mode, connections: number) =>
    ratios.find((r) => r.mode === mode && r.connections === connections)!;
  const why = (mode: Mode, connections: number, needs: TargetName[]) => {
    const missing = needs.filter((t) => !findValid(results, t, mode, connections));
    return missing.length === 0
      ? 'not computable'
      : `no valid ${mode} run at ${connections} conn for ${missing.join(' and ')}`;
  };
  const high = at('json', HIGH_CONNECTIONS);
  const low = at('json', LOW_CONNECTIONS);
  const streamHigh = at('stream', HIGH_CONNECTIONS);
  const streamLow = at('stream', LOW_CONNECTIONS);
  const share = (ratio: number | null) => (ratio === null ? null : ratio * 100);
  // Memory of a relay that only answered errors says nothing about the real path. The relay
  // targets load the same process, so any one's valid scenario makes its peak meaningful; the
  // relay with two workers is another process, and the targets are stated for one.
  const relayMeasured = results.some((r) => RELAY_TARGETS.includes(r.target) && !r.invalidReason);
  return [
    checkTarget(
      `relay req/s ≥ ${TARGETS.minTimesPortkey}× Portkey (json, ${HIGH_CONNECTIONS} conn)`,
      high.relayVsPortkey,
      { atLeast: TARGETS.minTimesPortkey },
      times,
      why('json', HIGH_CONNECTIONS, ['relay', 'portkey']),
    ),
    checkTarget(
      `relay req/s ≥ ${TARGETS.minPercentOfBare} % of the bare proxy (json, ${HIGH_CONNECTIONS} conn)`,
      share(high.relayVsBare),
      { atLeast: TARGETS.minPercentOfBare },
      percent,
      why('json', HIGH_CONNECTIONS, ['relay', 'bare']),
    ),
    checkTarget(
      `added latency p50 (json, ${LOW_CONNECTIONS} conn)`,
      low.addedP50Ms,
      { atMost: TARGETS.maxAddedP50Ms },
      ms,
      why('json', LOW_CONNECTIONS, ['relay', 'direct']),
    ),
    checkTarget(
      `added latency p99 (json, ${LOW_CONNECTIONS} conn)`,
      low.addedP99Ms,
      { atMost: TARGETS.maxAddedP99Ms },
      ms,
      why('json', LOW_CONNECTIONS, ['relay', 'direct']),
    ),
    checkTarget(
      `streaming req/s ≥ ${TARGETS.minPercentOfBare} % of the bare proxy (${HIGH_CONNECTIONS} conn)`,
      share(streamHigh.relayVsBare),
      { atLeast: TARGETS.minPercentOfBare },
      percent,
      why('stream', HIGH_CONNECTIONS, ['relay', 'bare']),
    ),
    checkTarget(
      `added time to first chunk p50 (stream, ${LOW_CONNECTIONS} conn)`,
      streamLow.addedTtfcP50Ms,
      { atMost: TARGETS.maxAddedTtfcP50Ms },
      ms,
      why('stream', LOW_CONNECTIONS, ['relay', 'direct']),
    ),
    checkTarget(
      'relay RSS peak',
      relayMeasured ? relayPeakRssMb : null,
      { atMost: TARGETS.maxRssMb },
      mb,
      relayMeasured ? 'RSS was not sampled' : 'no valid relay scenario',
    ),
  ];
}
