import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { nowSeconds } from '../usage/sql';
import { ensureDailyPartitions } from './log-partitions';
import { applyLogRetention } from './log-retention';

/** How often the keeper runs: every ten minutes (partitions exist days ahead, so it may lag). */
const DEFAULT_INTERVAL_MS = 600_000;

/** Options of {@link startLogPartitionKeeper}. */
export interface LogPartitionKeeperOptions {
  /** The current `LogRetentionDays` (whole days of logs kept; 0 keeps all), read at every pass. */
  retentionDays: () => number;
  /** Time between the end of one pass and the start of the next. Default ten minutes. */
  intervalMs?: number;
  now?: () => number;
}

/** A running keeper. */
export interface LogPartitionKeeper {
  /** Resolves when the first pass is over (tests and start-up wait for it). */
  readonly firstPass: Promise<void>;
  /** Stops scheduling passes and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Keeps the daily partitions of `logs` ahead of time and applies the retention setting: once at
 * start and then every `intervalMs`. Passes never overlap; a failed pass (a lock not granted in
 * time, say) is logged and the next one tries again. Replicas take turns through an advisory lock.
 */
export function startLogPartitionKeeper(dataSource: DataSource, logger: Logger, options: LogPartitionKeeperOptions): LogPartitionKeeper {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const now = options.now ?? nowSeconds;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (): Promise<void> => {
    try {
      const created = await ensureDailyPartitions(dataSource, now());
      if (created.length > 0) logger.info({ created }, 'created log partitions');
      const days = options.retentionDays();
      const retention = await applyLogRetention(dataSource, days, now());
      if (retention.dropped.length > 0 || retention.deleted > 0) {
        logger.info({ ...retention, days }, 'removed logs older than the retention period');
      }
    } catch (err) {
      logger.warn({ err }, 'log partition maintenance failed');
    }
  };
  let running: Promise<void> = pass();
  const firstPass = running;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  void running.finally(schedule);

  return {
    firstPass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
