// Entry point of the task service as its own process. Tracing is registered before any other
// module loads, so http and pg are instrumented; then the service starts.
import { sampleRatioFromEnv, startTelemetry } from '@modelgate/runtime/telemetry';

startTelemetry({
  serviceName: 'modelgate-task',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampleRatio: sampleRatioFromEnv(),
});

require('./run');
