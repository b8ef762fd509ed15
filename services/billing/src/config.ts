import { defineConfig, env } from '@modelgate/runtime';
import { DEFAULT_RESERVATION_SWEEP_INTERVAL_SECONDS, DEFAULT_RESERVATION_TTL_SECONDS } from './usage/reservation-sweeper';

/** Billing's own settings (beyond every backend's): the reservation sweep. The Helm chart sets them. */
export const billingConfig = defineConfig({
  reservationTtlSeconds: {
    env: 'RESERVATION_TTL_SECONDS',
    schema: env.positiveInt(DEFAULT_RESERVATION_TTL_SECONDS),
    description: 'seconds a reservation or relay quota lease stays open before billing releases it (> longest request)',
  },
  reservationSweepIntervalSeconds: {
    env: 'RESERVATION_SWEEP_INTERVAL_SECONDS',
    schema: env.positiveInt(DEFAULT_RESERVATION_SWEEP_INTERVAL_SECONDS),
    description: 'seconds between two passes releasing reservations open past RESERVATION_TTL_SECONDS',
  },
});

/** Billing's settings when nothing is set. */
export const DEFAULT_BILLING_SETTINGS = Object.freeze({
  reservationTtlSeconds: DEFAULT_RESERVATION_TTL_SECONDS,
  reservationSweepIntervalSeconds: DEFAULT_RESERVATION_SWEEP_INTERVAL_SECONDS,
});
