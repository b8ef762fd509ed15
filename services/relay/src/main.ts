// Entry point of the relay service as its own process. With more than one worker
// (`--workers=N|auto` or RELAY_WORKERS; `npm start` passes auto: one per core outside Kubernetes)
// this process only supervises its workers, each a whole relay behind the same ports. Tracing is
// registered before any other module loads, so http, pg and undici (the upstream calls) are
// instrumented; then the service starts. Without an OTLP endpoint nothing is recorded and nothing
// instrumented, and no context is carried through async calls (no AsyncLocalStorage: its hook
// would run for every promise of every request): the data plane pays nothing. Only the propagator
// is registered; log lines on the request path name their request id explicitly.
import cluster from 'node:cluster';
import { sampleRatioFromEnv, startTelemetry } from '@modelgate/runtime/telemetry';
import { relayWorkerCount, runRelayWorkers, workersArgument } from './workers';

let workers = 1;
try {
  workers = cluster.isPrimary ? relayWorkerCount({ argument: workersArgument(process.argv), env: process.env }) : 1;
} catch (error) {
  console.error(`relay: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(64);
}
if (workers > 1) {
  runRelayWorkers(workers);
} else {
  startTelemetry({
    serviceName: 'modelgate-relay',
    otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: sampleRatioFromEnv(),
    asyncContext: false,
  });
  require('./run');
}
