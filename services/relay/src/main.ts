// Entry point of the relay service as its own process. Tracing is registered before any other
// module loads, so http and pg are instrumented; then the service starts. Without an OTLP
// endpoint nothing would be exported, and the data plane does not pay for instrumenting every
// /v1 request: only the propagator is registered, so trace context still crosses gRPC and NATS.
import { startTelemetry } from '@modelgate/runtime/telemetry';

const otlpEndpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
startTelemetry({ serviceName: 'modelgate-relay', otlpEndpoint, instrument: Boolean(otlpEndpoint) });

require('./run');
