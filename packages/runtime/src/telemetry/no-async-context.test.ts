import { context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { currentRequestId, runWithRequestContext } from '../context/request-context';
import { extractTraceContext, injectTraceContext, startTelemetry, stopTelemetry } from './index';

// A data-plane process that records nothing may carry no context through its async calls.
describe('telemetry without an exporter and without async context', () => {
  afterAll(() => stopTelemetry());

  it('carries neither the request nor the trace context through async calls, yet still propagates explicitly', async () => {
    const telemetry = startTelemetry({ serviceName: 'no-async-context-test', asyncContext: false });
    expect(telemetry.exporting).toBe(false);

    const seen = await runWithRequestContext({ requestId: 'req-1' }, async () => {
      await Promise.resolve();
      return currentRequestId();
    });
    expect(seen).toBeUndefined();

    const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const extracted = extractTraceContext({ traceparent: incoming }, ROOT_CONTEXT);
    // No context manager: `with` runs the callback but does not make the context current…
    expect(context.with(extracted, () => trace.getSpanContext(context.active()))).toBeUndefined();
    // …while a context passed by hand still goes out whole.
    expect(injectTraceContext({}, extracted).traceparent).toBe(incoming);
  });

  it('carries the request context again once stopped', async () => {
    await stopTelemetry();
    const seen = await runWithRequestContext({ requestId: 'req-2' }, async () => {
      await Promise.resolve();
      return currentRequestId();
    });
    expect(seen).toBe('req-2');
  });

  it('is ignored when spans are recorded: the trace context is carried through async calls', async () => {
    const exporter = new InMemorySpanExporter();
    startTelemetry({ serviceName: 'recording-test', spanProcessors: [new SimpleSpanProcessor(exporter)], instrument: false, asyncContext: false });
    const tracer = trace.getTracer('test');
    const outgoing = await tracer.startActiveSpan('request', async (span) => {
      await Promise.resolve();
      const carried = injectTraceContext({});
      span.end();
      return { carried, traceId: span.spanContext().traceId };
    });
    expect(outgoing.carried.traceparent).toMatch(new RegExp(`^00-${outgoing.traceId}-`));
    const seen = await runWithRequestContext({ requestId: 'req-3' }, async () => {
      await Promise.resolve();
      return currentRequestId();
    });
    expect(seen).toBe('req-3');
  });
});
