// Entry point of the all-in-one process behind `npm start`. Tracing is registered before any
// other module loads, so http, express and pg are instrumented; then the stack starts.
import { sampleRatioFromEnv, startTelemetry } from '@modelgate/runtime/telemetry';

startTelemetry({
  serviceName: 'modelgate',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampleRatio: sampleRatioFromEnv(),
});

require('./run');
