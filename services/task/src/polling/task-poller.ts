import type { Dispatcher } from 'undici';
import type { PollChannel } from './channel-directory';
import { loadChannels } from './channel-directory';
import { afterChange, applyChange, type ChangeSink, changesOf, failTask, resendRefunds, type WrittenChange, writeChange } from './task-changes';
import { DRAWING_TABLE, FINAL_STATUSES, MUSIC_TABLE, type PolledRow, polledColumns, type TaskTable } from './task-tables';
import { fetchDrawingTasks, fetchMusicTasks, type UpstreamTaskState } from './upstream-tasks';

/** How the poller paces itself. */
export interface TaskPollerOptions {
  /** Time between two polls of one task, and between two passes (default 15 s, the reference's). */
  readonly intervalMs: number;
  /** Tasks claimed per database round trip (default 500). */
  readonly batchSize: number;
  /** Task ids per upstream call (default 50). */
  readonly idsPerCall: number;
  /** Upstream calls in flight at once per replica (default 4). */
  readonly concurrency: number;
  /** An unfinished task older than this is failed and refunded (default one hour). */
  readonly taskTimeoutMs: number;
}

export const DEFAULT_POLLER_OPTIONS: TaskPollerOptions = {
  intervalMs: 15_000,
  batchSize: 500,
  idsPerCall: 50,
  concurrency: 4,
  taskTimeoutMs: 60 * 60 * 1000,
};

/** What one pass did (for logs, tests and the benchmark). */
export interface PassReport {
  claimed: number;
  upstreamCalls: number;
  changed: number;
  failed: number;
  queries: number;
}

/** Where the poller reports what it did (the task service's metrics). */
export interface PollerMetrics {
  polled(platform: string, count?: number): void;
  finished(platform: string, status: 'success' | 'failure'): void;
  refunded(platform: string): void;
  startPollPass(): () => void;
}

export interface TaskPollerDeps extends ChangeSink {
  /** Told of polls, finished tasks, refunds and pass durations (when measured). */
  readonly metrics?: PollerMetrics;
  /** The outbound address policy's dispatcher; every upstream call goes through it. */
  readonly dispatcher?: Dispatcher;
  readonly options?: Partial<TaskPollerOptions>;
  /** Milliseconds clock. */
  readonly now?: () => number;
}

const FINAL_SQL = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/**
 * The task poller: durable and lease-based, safe with any number of task replicas (no master
 * flag). A replica claims a batch of due unfinished tasks in one statement — `poll_at` moved one
 * interval ahead under `FOR UPDATE SKIP LOCKED` — so two replicas never claim one task for the
 * same interval, and a replica that dies mid-pass only delays its tasks by one interval. Claimed
 * tasks are grouped per channel and fetched in calls of `idsPerCall` ids, `concurrency` calls at
 * a time; a task is written only when the upstream's answer changes it. Tasks past the timeout,
 * without an upstream id or whose channel was deleted are failed; every failure is refunded once.
 */
export class TaskPoller {
  private readonly options: TaskPollerOptions;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly deps: TaskPollerDeps) {
    this.options = { ...DEFAULT_POLLER_OPTIONS, ...deps.options };
    this.now = deps.now ?? Date.now;
  }

  /** Starts passes every interval (the first one at once). */
  start(): void {
    const tick = () => {
      if (this.stopped) return;
      const timed = this.deps.metrics?.startPollPass();
      this.running = this.pass()
        .then(() => timed?.())
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'task poll pass failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Fails a task (and so refunds it, once); true when this call was the one that failed it. */
  private async fail(table: TaskTable, row: PolledRow, reason: string, now: number): Promise<boolean> {
    const failed = await failTask(this.deps, table, row, reason, now);
    if (failed) this.ended(table);
    return failed;
  }

  /** A task of `table` failed: counted as finished in failure and refunded. */
  private ended(table: TaskTable): void {
    this.deps.metrics?.finished(table.kind, 'failure');
    this.deps.metrics?.refunded(table.kind);
  }

  /** One full pass over every due unfinished task of both tables. */
  async pass(): Promise<PassReport> {
    const report: PassReport = { claimed: 0, upstreamCalls: 0, changed: 0, failed: 0, queries: 0 };
    for (const table of [DRAWING_TABLE, MUSIC_TABLE]) {
      for (;;) {
        const rows = await this.claim(table);
        report.queries += 1;
        report.claimed += rows.length;
        if (rows.length > 0) this.deps.metrics?.polled(table.kind, rows.length);
        if (rows.length > 0) await this.pollRows(table, rows, report);
        if (rows.length < this.options.batchSize) break;
      }
      report.queries += 1;
      await resendRefunds(this.deps, table, polledColumns(table));
    }
    return report;
  }

  /** Claims up to `batchSize` due unfinished tasks for one interval. */
  private async claim(table: TaskTable): Promise<PolledRow[]> {
    const now = this.now();
    const result = (await this.deps.dataSource.query(
      // `= ANY(ARRAY(…))`: the claimed ids are looked up by primary key, never joined by a scan.
      `UPDATE ${table.table} t SET poll_at = $1
        WHERE t.id = ANY(ARRAY(SELECT id FROM ${table.table} WHERE status NOT IN (${FINAL_SQL}) AND poll_at <= $2
                                ORDER BY poll_at LIMIT $3 FOR UPDATE SKIP LOCKED))
        RETURNING ${polledColumns(table, 't')}`,
      [now + this.options.intervalMs, now, this.options.batchSize],
    )) as [PolledRow[], number];
    return result[0];
  }

  private async pollRows(table: TaskTable, rows: PolledRow[], report: PassReport): Promise<void> {
    const now = this.now();
    const oldest = Math.floor((now - this.options.taskTimeoutMs) / table.timeUnitMs);
    const byChannel = new Map<number, PolledRow[]>();
    for (const row of rows) {
      if (row.upstream_id === '') {
        if (await this.fail(table, row, 'the upstream returned no task id', now)) report.failed += 1;
      } else if (Number(row.submit_time) < oldest) {
        const hours = Math.round(this.options.taskTimeoutMs / 3_600_000);
        if (await this.fail(table, row, `upstream task timeout (over ${hours} hour${hours === 1 ? '' : 's'})`, now)) report.failed += 1;
      } else {
        const list = byChannel.get(row.channel_id) ?? [];
        list.push(row);
        byChannel.set(row.channel_id, list);
      }
    }
    const channels = await loadChannels(this.deps.dataSource, [...byChannel.keys()]);
    report.queries += 1;
    const calls: Array<{ channel: PollChannel; rows: PolledRow[] }> = [];
    for (const [channelId, list] of byChannel) {
      const channel = channels.get(channelId);
      if (!channel) {
        for (const row of list) if (await this.fail(table, row, `channel ${channelId} was deleted`, now)) report.failed += 1;
        continue;
      }
      for (let i = 0; i < list.length; i += this.options.idsPerCall) calls.push({ channel, rows: list.slice(i, i + this.options.idsPerCall) });
    }
    await pool(calls, this.options.concurrency, async ({ channel, rows: chunk }) => {
      report.upstreamCalls += 1;
      let states: UpstreamTaskState[];
      try {
        states = await this.fetch(table, channel, chunk.map((row) => row.upstream_id));
      } catch (err) {
        // The channel is down or slow: its tasks are polled again next interval (until the timeout).
        this.deps.logger.warn({ err, channelId: channel.id, tasks: chunk.length }, 'task poll of a channel failed');
        return;
      }
      const byId = new Map(states.map((state) => [state.id, state]));
      const pending = chunk.flatMap((row) => {
        const state = byId.get(row.upstream_id);
        const changes = state && changesOf(table, row, state, this.now());
        return changes ? [{ row, changes }] : [];
      });
      if (pending.length === 0) return;
      // One transaction per upstream answer: one commit for its changed tasks, not one each.
      const written = await this.deps.dataSource.transaction(async (manager) => {
        const done: WrittenChange[] = [];
        for (const change of pending) if (await writeChange(manager, table, change.row, change.changes)) done.push(change);
        return done;
      });
      report.queries += pending.length;
      // Events and refunds only for what committed.
      for (const change of written) {
        await afterChange(this.deps, table, change);
        report.changed += 1;
        if (change.changes.status === 'FAILURE') report.failed += 1;
        if (change.changes.status === 'SUCCESS') this.deps.metrics?.finished(table.kind, 'success');
        if (change.changes.status === 'FAILURE') this.ended(table);
      }
    });
  }

  /** Polls one task now (a callback named it): its upstream's answer, applied like a poll's. */
  async refreshDrawingTask(mjId: string): Promise<boolean | undefined> {
    const table = DRAWING_TABLE;
    const rows = (await this.deps.dataSource.query(`SELECT ${polledColumns(table)} FROM midjourneys WHERE mj_id = $1 ORDER BY id DESC LIMIT 1`, [
      mjId,
    ])) as PolledRow[];
    const row = rows[0];
    if (!row) return undefined;
    if ((FINAL_STATUSES as readonly string[]).includes(row.status)) return false;
    const channel = (await loadChannels(this.deps.dataSource, [row.channel_id])).get(row.channel_id);
    if (!channel) return this.fail(table, row, `channel ${row.channel_id} was deleted`, this.now());
    const state = (await this.fetch(table, channel, [mjId])).find((candidate) => candidate.id === mjId);
    const changes = state && changesOf(table, row, state, this.now());
    return changes ? applyChange(this.deps, table, row, changes) : false;
  }

  private fetch(table: TaskTable, channel: PollChannel, ids: string[]): Promise<UpstreamTaskState[]> {
    return table.kind === 'midjourney' ? fetchDrawingTasks(this.deps.dispatcher, channel, ids) : fetchMusicTasks(this.deps.dispatcher, channel, ids);
  }
}
