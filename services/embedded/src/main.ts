// Entry point of the all-in-one process behind `npm start`, and of its front workers when it runs
// several (`--workers=N|auto`, RELAY_WORKERS). Tracing is registered before any other module
// loads, so http, express and pg are instrumented; then the stack (or the worker) starts.
import cluster from 'node:cluster';
import { sampleRatioFromEnv, startTelemetry } from '@modelgate/runtime/telemetry';

startTelemetry({
  serviceName: 'modelgate',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampleRatio: sampleRatioFromEnv(),
});

require(cluster.isWorker ? './worker-run' : './run');
