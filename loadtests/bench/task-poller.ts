// The task poller under load: 10 000 unfinished drawing tasks across 20 Midjourney-Proxy channels
// (one fake upstream), polled by the task service's poller in bounded batches with bounded
// concurrency. Reports how long one full pass takes and what it costs PostgreSQL (statements,
// rows written, commits), for a pass where every task changed and one where none did.
//
// Usage: npm run build && DATABASE_URL=postgresql://… node loadtests/dist/bench/task-poller.js [tasks] [channels]
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { createTestDatabase } from '@modelgate/testkit/db';
import { startFakeTaskUpstream } from '@modelgate/fake-upstream';
import { createInProcessBus, createLogger } from '@modelgate/runtime';
import { DEFAULT_POLLER_OPTIONS, TaskPoller } from '@modelgate/task';

interface DbCounters {
  commits: number;
  updated: number;
  returned: number;
  fetched: number;
}

async function counters(query: (sql: string) => Promise<unknown>): Promise<DbCounters> {
  await query('SELECT pg_stat_clear_snapshot()');
  const rows = (await query(
    `SELECT xact_commit, tup_updated, tup_returned, tup_fetched FROM pg_stat_database WHERE datname = current_database()`,
  )) as Array<Record<string, string>>;
  const row = rows[0]!;
  return { commits: Number(row.xact_commit), updated: Number(row.tup_updated), returned: Number(row.tup_returned), fetched: Number(row.tup_fetched) };
}

async function main(): Promise<void> {
  const taskCount = Number(process.argv[2] ?? 10_000);
  const channelCount = Number(process.argv[3] ?? 20);
  const logger = createLogger({ service: 'bench-task-poller', level: 'error' });
  const database = await createTestDatabase({ poolSize: 6, logger });
  const fake = await startFakeTaskUpstream({ latencyMs: 5 });
  const bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
  try {
    const query = (sql: string, parameters?: unknown[]) => database.dataSource.query(sql, parameters);
    const channels: number[] = [];
    for (let i = 0; i < channelCount; i++) {
      const [row] = (await query(`INSERT INTO channels (type, key, name, base_url, models) VALUES (5, 'mj-secret', $1, $2, 'mj_imagine') RETURNING id`, [
        `mj-${i}`,
        fake.url,
      ])) as Array<{ id: number }>;
      channels.push(row!.id);
    }
    const now = Date.now();
    const rows = Array.from({ length: taskCount }, (_, i) => {
      fake.mj.script({ steps: 1_000_000 });
      const task = fake.mj.book.create('mj', 'IMAGINE', `task ${i}`);
      return { mj_id: task.id, channel_id: channels[i % channelCount]!, request_id: `bench-${i}` };
    });
    await query(
      `INSERT INTO midjourneys (user_id, action, mj_id, channel_id, status, progress, submit_time, quota, request_id, model_name)
       SELECT 1, 'IMAGINE', r.mj_id, r.channel_id, 'SUBMITTED', '0%', $2, 50000, r.request_id, 'mj_imagine'
         FROM jsonb_to_recordset($1::jsonb) AS r(mj_id text, channel_id int, request_id text)`,
      [JSON.stringify(rows), now],
    );
    await query('ANALYZE midjourneys');
    let clock = now;
    const poller = new TaskPoller({ dataSource: database.dataSource, bus, logger, now: () => clock });
    const options = DEFAULT_POLLER_OPTIONS;
    console.log(
      `${taskCount} unfinished tasks on ${channelCount} channels; batch ${options.batchSize}, ${options.idsPerCall} ids per upstream call, ${options.concurrency} calls at once, fake upstream latency 5 ms`,
    );
    for (const label of ['every task changes (progress advances)', 'nothing due (same interval)', 'due again, every task changes']) {
      const before = await counters(query);
      const started = performance.now();
      const report = await poller.pass();
      const ms = performance.now() - started;
      const after = await counters(query);
      console.log(
        `${label}: ${ms.toFixed(0)} ms; claimed ${report.claimed}, upstream calls ${report.upstreamCalls}, changed ${report.changed}, ` +
          `statements ${report.queries}; PostgreSQL: ${after.commits - before.commits} commits, ${after.updated - before.updated} rows updated, ` +
          `${after.returned - before.returned} rows scanned, ${after.fetched - before.fetched} rows fetched by index`,
      );
      if (label.startsWith('nothing')) clock += options.intervalMs;
    }
    const heap = process.memoryUsage().heapUsed / 1024 / 1024;
    console.log(`heap after the passes: ${heap.toFixed(0)} MiB`);
  } finally {
    await fake.close();
    await bus.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
