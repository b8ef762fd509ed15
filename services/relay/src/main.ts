// Entry point of the relay service as its own process. Tracing is registered before any other
// module loads, so http, pg and undici (the upstream calls) are instrumented; then the service
// starts. Without an OTLP endpoint nothing is recorded and nothing instrumented: the data plane
// pays nothing, and only the propagator is registered, so trace context still crosses gRPC and NATS.
import { sampleRatioFromEnv, startTelemetry } from '@modelgate/runtime/telemetry';

startTelemetry({
  serviceName: 'modelgate-relay',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampleRatio: sampleRatioFromEnv(),
});

require('./run');
