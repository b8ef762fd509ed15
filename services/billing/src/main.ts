// Entry point of the billing service as its own process. Tracing is registered before any other
// module loads, so http and pg are instrumented; then the service starts.
import { sampleRatioFromEnv, startTelemetry } from '@modelgate/runtime/telemetry';

startTelemetry({
  serviceName: 'modelgate-billing',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampleRatio: sampleRatioFromEnv(),
});

require('./run');
