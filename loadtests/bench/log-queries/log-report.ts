/** p95 every log and dashboard call must stay under (issue: "every /api/log* and /api/data* call"). */
export const LOG_QUERY_TARGET_P95_MS = 100;
/** Timed runs per call. */
export const LOG_BENCH_RUNS = 40;
/** One call's latency over the seeded table. */
export interface LogCallResult {
  call: string;
  /** The `/api` request it stands for. */
  request: string;
  p50Ms: number;
  p95Ms: number;
  /** What the call answered the last time (rows, total, quota), to show it did real work. */
  answer: string;
}

export interface LogBenchResult {
  rows: number;
  seedS: number;
  calls: LogCallResult[];
}

/** The scenario's table, in Markdown, each call's p95 against {@link LOG_QUERY_TARGET_P95_MS}. */
export function renderLogBench(result: LogBenchResult): string {
  const lines = [
    `Log queries over ${result.rows.toLocaleString('en')} log rows (30 days, daily partitions)${result.seedS > 0 ? `, seeded in ${Math.round(result.seedS)} s` : ''}; ` +
      `${LOG_BENCH_RUNS} runs per call, one at a time, target p95 ≤ ${LOG_QUERY_TARGET_P95_MS} ms:`,
    '',
    '| call | request | p50 ms | p95 ms | target | answer |',
    '|---|---|---|---|---|---|',
  ];
  for (const call of result.calls) {
    const margin = LOG_QUERY_TARGET_P95_MS - call.p95Ms;
    const status = margin >= 0 ? `OK (${margin.toFixed(0)} ms to spare)` : `MISS (${(-margin).toFixed(0)} ms over)`;
    lines.push(`| ${call.call} | \`${call.request}\` | ${call.p50Ms.toFixed(1)} | ${call.p95Ms.toFixed(1)} | ${status} | ${call.answer} |`);
  }
  return lines.join('\n');
}
