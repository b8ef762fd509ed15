import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { extractTraceContext, injectTraceContext, startTelemetry, stopTelemetry } from './index';

// Export over OTLP is proven end to end by the whole-stack test (tests/embedded-stack.test.ts),
// which runs the built process against a stand-in collector.
describe('telemetry', () => {
  afterAll(() => stopTelemetry());

  it('records spans and carries W3C trace context in and out of a string carrier', async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = startTelemetry({
      serviceName: 'telemetry-test',
      spanProcessors: [new SimpleSpanProcessor(exporter)],
      instrument: false,
    });
    expect(telemetry.exporting).toBe(false);
    // A second start (another service in the same process) returns the same telemetry.
    expect(startTelemetry({ serviceName: 'other' })).toBe(telemetry);

    const span = trace.getTracer('test').startSpan('unit-of-work');
    const carrier = context.with(trace.setSpan(context.active(), span), () => injectTraceContext({}));
    expect(carrier.traceparent).toMatch(new RegExp(`^00-${span.spanContext().traceId}-[0-9a-f]{16}-01$`));
    const extracted = trace.getSpanContext(extractTraceContext({ traceparent: carrier.traceparent }));
    expect(extracted?.traceId).toBe(span.spanContext().traceId);
    span.end();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['unit-of-work']);
  });
});

describe('trace sampling from the environment', () => {
  it('takes OTEL_TRACES_SAMPLER_ARG as a ratio between 0 and 1, else records everything', () => {
    const { sampleRatioFromEnv } = jest.requireActual<typeof import('./index')>('./index');
    expect(sampleRatioFromEnv({ OTEL_TRACES_SAMPLER_ARG: '0.25' })).toBe(0.25);
    expect(sampleRatioFromEnv({ OTEL_TRACES_SAMPLER_ARG: '0' })).toBe(0);
    expect(sampleRatioFromEnv({})).toBeUndefined();
    expect(sampleRatioFromEnv({ OTEL_TRACES_SAMPLER_ARG: '2' })).toBeUndefined();
    expect(sampleRatioFromEnv({ OTEL_TRACES_SAMPLER_ARG: 'half' })).toBeUndefined();
  });
});
