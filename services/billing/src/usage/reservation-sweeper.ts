import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { ReservationStore } from './reservation-store';
import { nowSeconds, queryReturning } from './sql';

/** How long a reservation may stay open before billing releases it itself: 15 minutes. */
export const DEFAULT_RESERVATION_TTL_SECONDS = 900;
/** How often the sweep runs: every minute. */
export const DEFAULT_RESERVATION_SWEEP_INTERVAL_SECONDS = 60;
const DEFAULT_SWEEP_INTERVAL_MS = DEFAULT_RESERVATION_SWEEP_INTERVAL_SECONDS * 1_000;
/** Reservations looked at per query; each is then released in its own short transaction. */
const DEFAULT_BATCH_SIZE = 100;

/** What one sweep pass released. */
export interface SweepResult {
  /** Reservations this pass refunded (another replica's refunds are not counted). */
  released: number;
  /** Quota units refunded to users by this pass. */
  amount: number;
}

/**
 * Releases every reservation — a relay's quota lease or one request's reservation — still open
 * after `ttlSeconds`, refunding it exactly as `ReleaseQuota` does. This is what keeps a relay that
 * crashed (or lost billing while releasing) from stranding a user's quota: nothing else would
 * ever give it back. A usage record arriving later for a swept reservation, or for a request
 * admitted from a swept lease, settles at its full quota, as after any release.
 *
 * Each row is released in its own transaction by the conditional `UPDATE … WHERE status =
 * 'reserved' RETURNING` of {@link ReservationStore.release}, so a row is refunded once even when
 * two billing replicas sweep at the same time, and a sweep holds no lock across rows (it cannot
 * deadlock with settlement, which locks reservation, token, user in that order too).
 */
export async function sweepStaleReservations(
  dataSource: DataSource,
  options: { ttlSeconds: number; batchSize?: number; now?: () => number; logger?: Logger },
): Promise<SweepResult> {
  const store = new ReservationStore(dataSource);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const cutoff = (options.now ?? nowSeconds)() - options.ttlSeconds;
  const result: SweepResult = { released: 0, amount: 0 };
  for (;;) {
    const rows = await queryReturning<{ request_id: string }>(
      dataSource.manager,
      `SELECT request_id FROM quota_reservations WHERE status = 'reserved' AND created_at < $1
        ORDER BY created_at LIMIT $2`,
      [cutoff, batchSize],
    );
    let failed = false;
    for (const { request_id: requestId } of rows) {
      try {
        const released = await store.release(requestId);
        if (released.released) {
          result.released += 1;
          result.amount += released.amount;
        }
      } catch (err) {
        // Left open, so the next pass retries it; this pass stops rather than select it again.
        failed = true;
        options.logger?.warn({ err, requestId }, 'could not release a stale reservation');
      }
    }
    if (failed || rows.length < batchSize) return result;
  }
}

/** Options of {@link startReservationSweeper}. */
export interface ReservationSweeperOptions {
  /** Reservations open longer than this are released. Default 900 (15 minutes). */
  ttlSeconds?: number;
  /** Time between the end of one pass and the start of the next. Default one minute. */
  intervalMs?: number;
  /** Told after each pass how many it released (undefined: the pass failed); metrics. */
  onPass?: (released: number | undefined) => void;
}

/** A running sweeper. */
export interface ReservationSweeper {
  /** Stops scheduling passes and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs {@link sweepStaleReservations} once right away (a restart after a crash recovers
 * quickly) and then every `intervalMs`. Passes never overlap; a failing pass is logged and the
 * next one tries again.
 */
export function startReservationSweeper(
  dataSource: DataSource,
  logger: Logger,
  options: ReservationSweeperOptions = {},
): ReservationSweeper {
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_RESERVATION_TTL_SECONDS;
  const intervalMs = options.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async (): Promise<void> => {
    try {
      const result = await sweepStaleReservations(dataSource, { ttlSeconds, logger });
      options.onPass?.(result.released);
      if (result.released > 0) {
        logger.info({ ...result, ttlSeconds }, 'released reservations left open past their TTL');
      }
    } catch (err) {
      options.onPass?.(undefined);
      logger.warn({ err }, 'reservation sweep failed');
    }
  };
  const schedule = (delayMs: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => schedule(intervalMs));
    }, delayMs);
    timer.unref();
  };
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
