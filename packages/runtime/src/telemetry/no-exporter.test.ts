import { context, trace } from '@opentelemetry/api';
import { tracedStep } from './steps';
import { extractTraceContext, injectTraceContext, startTelemetry, stopTelemetry, tracingActive } from './index';

// Without an exporter nothing is recorded, yet trace context still passes through the process.
describe('telemetry without an exporter', () => {
  afterAll(() => stopTelemetry());

  it('records nothing but carries an incoming trace context on to the next hop', () => {
    const telemetry = startTelemetry({ serviceName: 'no-exporter-test', otlpEndpoint: undefined });
    expect(telemetry.exporting).toBe(false);
    expect(tracingActive()).toBe(false);

    const span = trace.getTracer('test').startSpan('would-be-recorded');
    expect(span.isRecording()).toBe(false);
    span.end();

    const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const outgoing = context.with(extractTraceContext({ traceparent: incoming }), () =>
      tracedStep('step', {}, () => injectTraceContext({})),
    );
    expect(outgoing.traceparent).toBe(incoming);
  });
});
