import { defineConfig, env, DEFAULT_METRICS_PORTS, MODELGATE_VERSION } from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { startBillingService } from './billing-service';
import { DEFAULT_RESERVATION_SWEEP_INTERVAL_SECONDS, DEFAULT_RESERVATION_TTL_SECONDS } from './usage/reservation-sweeper';

void runBackendService({
  service: 'billing',
  defaultGrpcPort: 50052,
  defaultMetricsPort: DEFAULT_METRICS_PORTS.billing,
  version: MODELGATE_VERSION,
  config: defineConfig({
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
  }),
  start: (deps, { reservationTtlSeconds, reservationSweepIntervalSeconds }) =>
    startBillingService(deps, { reservationTtlSeconds, reservationSweepIntervalMs: reservationSweepIntervalSeconds * 1_000 }),
});
