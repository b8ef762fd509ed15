import { type Context, context, propagation, trace } from '@opentelemetry/api';

/** A string map that carries trace context: HTTP headers, gRPC metadata, NATS headers. */
export type TraceCarrier = Record<string, string>;

/** Writes the W3C `traceparent`/`tracestate` of `ctx` (the active context by default) into `carrier`. */
export function injectTraceContext(carrier: TraceCarrier, ctx: Context = context.active()): TraceCarrier {
  propagation.inject(ctx, carrier);
  return carrier;
}

/** Reads W3C trace context from `carrier` into a context derived from the active one. */
export function extractTraceContext(
  carrier: Record<string, string | string[] | undefined>,
  base: Context = context.active(),
): Context {
  return propagation.extract(base, carrier, {
    get: (c, key) => c[key] ?? c[key.toLowerCase()],
    keys: (c) => Object.keys(c),
  });
}

/** The trace id of the active span, if a span is active (for log lines). */
export function activeTraceId(): string | undefined {
  return trace.getActiveSpan()?.spanContext().traceId;
}
