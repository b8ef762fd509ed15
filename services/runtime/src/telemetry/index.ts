// Tracing bootstrap. Import this entry point first in a process's main module and call
// startTelemetry() before loading anything that should be instrumented (http, express, pg).
import { propagation } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

export * from './propagation';

export interface TelemetryOptions {
  serviceName: string;
  serviceVersion?: string;
  /** OTLP/HTTP base endpoint (OTEL_EXPORTER_OTLP_ENDPOINT); no export when unset. */
  otlpEndpoint?: string | undefined;
  /** Extra processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
  /** Skip auto-instrumentation of http, express and pg (tests that only need propagation). */
  instrument?: boolean;
}

export interface Telemetry {
  readonly exporting: boolean;
  shutdown(): Promise<void>;
}

let active: Telemetry | undefined;

/**
 * Registers the tracer provider and the W3C trace-context propagator process-wide. Trace context
 * is carried across HTTP, gRPC metadata and NATS headers whether or not spans are exported; spans
 * go to OTLP only when an endpoint is configured. Idempotent: the embedded stack runs several
 * services in one process and the first call wins.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  if (active) return active;
  const processors: SpanProcessor[] = [...(options.spanProcessors ?? [])];
  const endpoint = options.otlpEndpoint?.replace(/\/+$/, '');
  if (endpoint) {
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` })));
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      [ATTR_SERVICE_VERSION]: options.serviceVersion ?? '0.1.0',
    }),
    spanProcessors: processors,
  });
  provider.register({
    propagator: new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  });
  const unregister =
    options.instrument === false
      ? () => undefined
      : registerInstrumentations({
          tracerProvider: provider,
          instrumentations: [
            new HttpInstrumentation(),
            new ExpressInstrumentation(),
            new PgInstrumentation(),
          ],
        });
  const telemetry: Telemetry = {
    exporting: Boolean(endpoint),
    async shutdown() {
      unregister();
      await provider.shutdown();
      propagation.disable();
      if (active === telemetry) active = undefined;
    },
  };
  active = telemetry;
  return telemetry;
}

/** Flushes and stops the process's telemetry, if started; safe to call more than once. */
export async function stopTelemetry(): Promise<void> {
  await active?.shutdown();
}
