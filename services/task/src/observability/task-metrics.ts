import { boundedLabel, Counter, Gauge, Histogram, LATENCY_BUCKETS, type Registry } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** The platforms asynchronous tasks run on (the `platform` label); anything else is `other`. */
export const TASK_PLATFORMS: ReadonlySet<string> = new Set(['midjourney', 'suno']);

/** Statuses after which a task is never polled again. */
const FINISHED_STATUSES = ['SUCCESS', 'FAILURE'];

/** A task's end (`status` label of `modelgate_task_finished_total`). */
export type TaskEnd = 'success' | 'failure';

/**
 * The task service's Prometheus metrics, `modelgate_task_*`. Submission, polling, finishing and
 * refunds are counted through {@link TaskMetrics.submitted} and the others by whoever does them;
 * the unfinished tasks are read from the tables at scrape time.
 */
export class TaskMetrics {
  readonly submittedTotal: Counter<'platform'>;
  readonly polledTotal: Counter<'platform'>;
  readonly finishedTotal: Counter<'platform' | 'status'>;
  readonly refundedTotal: Counter<'platform'>;
  readonly pollPassSeconds: Histogram;
  readonly unfinished: Gauge<'platform'>;

  constructor(registry: Registry, dataSource?: DataSource) {
    const registers = [registry];
    this.submittedTotal = new Counter({
      name: 'modelgate_task_submitted_total',
      help: 'Asynchronous tasks submitted upstream, by platform',
      labelNames: ['platform'],
      registers,
    });
    this.polledTotal = new Counter({
      name: 'modelgate_task_polled_total',
      help: 'Polls of unfinished tasks upstream, by platform',
      labelNames: ['platform'],
      registers,
    });
    this.finishedTotal = new Counter({
      name: 'modelgate_task_finished_total',
      help: 'Tasks that reached an end, by platform and status (success, failure)',
      labelNames: ['platform', 'status'],
      registers,
    });
    this.refundedTotal = new Counter({
      name: 'modelgate_task_refunded_total',
      help: 'Failed tasks whose quota was refunded, by platform',
      labelNames: ['platform'],
      registers,
    });
    this.pollPassSeconds = new Histogram({
      name: 'modelgate_task_poll_pass_seconds',
      help: 'One pass of the poller over every unfinished task',
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.unfinished = new Gauge({
      name: 'modelgate_task_unfinished',
      help: 'Tasks not yet finished (neither SUCCESS nor FAILURE), by platform, read from the tables at scrape time',
      labelNames: ['platform'],
      registers,
      collect: dataSource
        ? async () => {
            if (!dataSource.isInitialized) return;
            const rows: Array<{ platform: string; count: string }> = await dataSource.query(
              `SELECT platform, count(*) AS count FROM tasks WHERE status <> ALL($1) GROUP BY platform
               UNION ALL
               SELECT 'midjourney' AS platform, count(*) AS count FROM midjourneys WHERE status <> ALL($1)`,
              [FINISHED_STATUSES],
            );
            const counts = new Map<string, number>([...TASK_PLATFORMS].map((p) => [p, 0]));
            for (const row of rows) {
              const platform = platformLabel(row.platform);
              counts.set(platform, (counts.get(platform) ?? 0) + Number(row.count));
            }
            for (const [platform, count] of counts) this.unfinished.labels(platform).set(count);
          }
        : undefined,
    });
  }

  submitted(platform: string): void {
    this.submittedTotal.labels(platformLabel(platform)).inc();
  }

  polled(platform: string, count = 1): void {
    this.polledTotal.labels(platformLabel(platform)).inc(count);
  }

  finished(platform: string, status: TaskEnd): void {
    this.finishedTotal.labels(platformLabel(platform), status).inc();
  }

  refunded(platform: string): void {
    this.refundedTotal.labels(platformLabel(platform)).inc();
  }

  /** Times one poll pass: call the returned function when it ends. */
  startPollPass(): () => void {
    return this.pollPassSeconds.startTimer();
  }
}

/** A platform as a label value: a known platform, else `other`. */
export function platformLabel(platform: string): string {
  return boundedLabel(platform, (p) => TASK_PLATFORMS.has(p));
}
