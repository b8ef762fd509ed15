// Tracing bootstrap. Import this entry point first in a process's main module and call
// startTelemetry() before loading anything that should be instrumented (http, express, pg, undici).
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { carryRequestContext } from '../context/request-context';
import { setTracingActive } from './tracing-state';

export * from './propagation';
export * from './tracing-state';

export interface TelemetryOptions {
  serviceName: string;
  serviceVersion?: string;
  /** OTLP/HTTP base endpoint (OTEL_EXPORTER_OTLP_ENDPOINT); no export when unset. */
  otlpEndpoint?: string | undefined;
  /**
   * Share of new traces recorded, 0–1 (OTEL_TRACES_SAMPLER_ARG); a request that arrives inside a
   * trace follows its caller's decision (parent-based). Default 1.
   */
  sampleRatio?: number | undefined;
  /** Extra processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
  /** Skip auto-instrumentation of http, express, pg and undici (tests that only need propagation). */
  instrument?: boolean;
  /**
   * Whether context is carried through async calls when nothing is recorded (default true): trace
   * context then passes through this process from an incoming call to the calls it makes, and log
   * lines name their request. False spares every promise the async hook that carries it (a
   * data-plane process on its hot path): no context manager, and no request context
   * (`carryRequestContext`). Ignored when spans are recorded, which always carries context.
   */
  asyncContext?: boolean;
}

export interface Telemetry {
  readonly exporting: boolean;
  shutdown(): Promise<void>;
}

let active: Telemetry | undefined;

/** OTEL_TRACES_SAMPLER_ARG as a ratio; undefined (record all) when unset or not a number in 0–1. */
export function sampleRatioFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.OTEL_TRACES_SAMPLER_ARG;
  if (raw === undefined || raw.trim() === '') return undefined;
  const ratio = Number(raw);
  return Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : undefined;
}

const propagator = () =>
  new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] });

/**
 * Registers W3C trace-context propagation process-wide, always: trace context is carried across
 * HTTP, gRPC metadata and NATS headers whether or not this process records anything. Spans are
 * recorded only when there is somewhere to send them (an OTLP endpoint or a processor given):
 * without one no tracer provider is registered at all, so every span the code asks for is the
 * API's non-recording one and nothing is instrumented — no cost on the hot path. Idempotent: the
 * embedded stack runs several services in one process and the first call wins.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  if (active) return active;
  const processors: SpanProcessor[] = [...(options.spanProcessors ?? [])];
  const endpoint = options.otlpEndpoint?.replace(/\/+$/, '');
  if (endpoint) {
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` })));
  }
  if (processors.length === 0) {
    const carry = options.asyncContext ?? true;
    if (carry) context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    else carryRequestContext(false);
    propagation.setGlobalPropagator(propagator());
    const telemetry: Telemetry = {
      exporting: false,
      async shutdown() {
        propagation.disable();
        context.disable();
        if (!carry) carryRequestContext(true);
        if (active === telemetry) active = undefined;
      },
    };
    active = telemetry;
    return telemetry;
  }
  const ratio = options.sampleRatio ?? 1;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      [ATTR_SERVICE_VERSION]: options.serviceVersion ?? '0.1.0',
    }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) }),
    spanProcessors: processors,
  });
  provider.register({ propagator: propagator() });
  setTracingActive(true);
  const unregister =
    options.instrument === false
      ? () => undefined
      : registerInstrumentations({
          tracerProvider: provider,
          instrumentations: [
            new HttpInstrumentation(),
            new ExpressInstrumentation(),
            new PgInstrumentation(),
            new UndiciInstrumentation(),
          ],
        });
  const telemetry: Telemetry = {
    exporting: Boolean(endpoint),
    async shutdown() {
      unregister();
      setTracingActive(false);
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
