import { DEFAULT_METRICS_PORTS, MODELGATE_VERSION } from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { startBillingService } from './billing-service';
import { billingConfig } from './config';

void runBackendService({
  service: 'billing',
  defaultGrpcPort: 50052,
  defaultMetricsPort: DEFAULT_METRICS_PORTS.billing,
  version: MODELGATE_VERSION,
  config: billingConfig,
  start: (deps, { reservationTtlSeconds, reservationSweepIntervalSeconds }) =>
    startBillingService(deps, { reservationTtlSeconds, reservationSweepIntervalMs: reservationSweepIntervalSeconds * 1_000 }),
});
