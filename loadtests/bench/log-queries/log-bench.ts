import { listLogs, listQuotaData, logCriteriaOf, logStats, quotaDataQueryOf } from '@modelgate/billing';
import type { CallerScope } from '@modelgate/access';
import { usageQueryContract } from '@modelgate/contracts';
import { createLogger } from '@modelgate/runtime';
import { type LogBenchResult, type LogCallResult, LOG_BENCH_RUNS as RUNS } from './log-report';
import { HEAVY_USER_ID, openSeededLogs, SEEDED_DAYS } from './log-seed';

/** Untimed runs per call before the timed ones. */
const WARMUP_RUNS = 3;

const admin: CallerScope = { kind: 'admin', userId: 99_999 };
const heavy: CallerScope = { kind: 'self', userId: HEAVY_USER_ID };

/** The wire filter with every field empty, as the console sends it. */
const emptyFilter = { type: 0, username: '', token_name: '', model_name: '', start_timestamp: '', end_timestamp: '', channel: '', group: '' };

interface Call {
  call: string;
  request: string;
  run(): Promise<string>;
}

function calls(dataSource: Parameters<typeof listLogs>[0], end: number): Call[] {
  const monthAgo = String(end - SEEDED_DAYS * 86_400);
  const console30d = { start_timestamp: monthAgo, end_timestamp: String(end + 3_600) };
  const page = (scope: CallerScope, filter: Partial<typeof emptyFilter>) => async () => {
    const result = await listLogs(dataSource, scope, logCriteriaOf({ ...emptyFilter, ...filter }, scope), 1, 10);
    return `${result.items.length} rows of ${result.total.toLocaleString('en')}`;
  };
  const stat = (scope: CallerScope, filter: Partial<typeof emptyFilter>) => async () => {
    const result = await logStats(dataSource, logCriteriaOf({ ...emptyFilter, ...filter }, scope));
    return `quota ${result.quota.toLocaleString('en')}`;
  };
  const data = (scope: CallerScope, username: string) => async () => {
    const columns = await listQuotaData(
      dataSource,
      quotaDataQueryOf({ caller: null, start_timestamp: monthAgo, end_timestamp: String(end), granularity: 'hour', username }, scope, end),
    );
    // Thousands of buckets: their gRPC encoding (billing) and decoding (edge) is part of the call.
    const method = usageQueryContract.definition.ListQuotaData;
    const received = method.responseDeserialize(method.responseSerialize(columns));
    return `${received.created_at.length.toLocaleString('en')} buckets`;
  };
  return [
    { call: 'log list, admin, no filter', request: 'GET /api/log/', run: page(admin, {}) },
    { call: 'log list, admin, console default (30 days)', request: 'GET /api/log/?start_timestamp=…&end_timestamp=…', run: page(admin, console30d) },
    { call: 'log list, admin, by username (heavy user)', request: 'GET /api/log/?username=user1', run: page(admin, { username: `user${HEAVY_USER_ID}` }) },
    { call: 'log list, admin, by channel and model', request: 'GET /api/log/?channel=7&model_name=model-5', run: page(admin, { channel: '7', model_name: 'model-5' }) },
    { call: 'log list, admin, by token name and type', request: 'GET /api/log/?token_name=key-1&type=1', run: page(admin, { token_name: 'key-1', type: 1 }) },
    { call: 'log list, heavy user, own, by model', request: 'GET /api/log/self/?model_name=model-5', run: page(heavy, { model_name: 'model-5', ...console30d }) },
    { call: 'log list, heavy user, own top-ups', request: 'GET /api/log/self/?type=1', run: page(heavy, { type: 1 }) },
    { call: 'log stat, admin, no filter', request: 'GET /api/log/stat', run: stat(admin, {}) },
    { call: 'log stat, admin, console default (30 days)', request: 'GET /api/log/stat?start_timestamp=…', run: stat(admin, console30d) },
    { call: 'log stat, admin, by model and group', request: 'GET /api/log/stat?model_name=model-5&group=vip', run: stat(admin, { model_name: 'model-5', group: 'vip', ...console30d }) },
    { call: 'log stat, heavy user, own', request: 'GET /api/log/self/stat', run: stat(heavy, console30d) },
    { call: 'log stat, heavy user, own, by model', request: 'GET /api/log/self/stat?model_name=model-5', run: stat(heavy, { model_name: 'model-5', ...console30d }) },
    { call: 'dashboard, all users, 30 days hourly', request: 'GET /api/data/', run: data(admin, '') },
    { call: 'dashboard, heavy user, 30 days hourly', request: 'GET /api/data/self', run: data(heavy, '') },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The log-query scenario: opens (seeding it the first time) a database of `rows` log rows over
 * 30 days, then times each log and dashboard call of the console {@link RUNS} times, one at a
 * time, through billing's own query code (what `UsageQueryService` runs; the edge's HTTP and the
 * gRPC hop add about a millisecond and are not included, except the dashboards' answer encoding
 * and decoding, which for thousands of buckets is not negligible).
 */
export async function runLogBench(serverUrl: string, rows: number, log: (line: string) => void): Promise<LogBenchResult> {
  const logger = createLogger({ service: 'bench-logs', level: 'error' });
  log(`log queries: opening a database of ${rows.toLocaleString('en')} log rows (seeded once, reused for a week)`);
  const seeded = await openSeededLogs(serverUrl, rows, logger, log);
  try {
    const results: LogCallResult[] = [];
    for (const call of calls(seeded.dataSource, seeded.end)) {
      for (let i = 0; i < WARMUP_RUNS; i++) await call.run();
      const times: number[] = [];
      let answer = '';
      for (let i = 0; i < RUNS; i++) {
        const started = process.hrtime.bigint();
        answer = await call.run();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      results.push({ call: call.call, request: call.request, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), answer });
      log(`  ${call.call}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${answer})`);
    }
    return { rows, seedS: seeded.seedS, calls: results };
  } finally {
    await seeded.dataSource.destroy();
  }
}
